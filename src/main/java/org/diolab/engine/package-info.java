@NullMarked
package org.diolab.engine;

import org.jspecify.annotations.NullMarked;
