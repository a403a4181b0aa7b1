@NullMarked
package org.diolab.engine.invariant;

import org.jspecify.annotations.NullMarked;
