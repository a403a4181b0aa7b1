@NullMarked
package org.diolab.engine.explore;

import org.jspecify.annotations.NullMarked;
