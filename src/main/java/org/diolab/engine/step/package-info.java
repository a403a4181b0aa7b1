@NullMarked
package org.diolab.engine.step;

import org.jspecify.annotations.NullMarked;
