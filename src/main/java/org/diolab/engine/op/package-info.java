@NullMarked
package org.diolab.engine.op;

import org.jspecify.annotations.NullMarked;
