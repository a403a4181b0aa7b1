@NullMarked
package org.diolab.perf;

import org.jspecify.annotations.NullMarked;
