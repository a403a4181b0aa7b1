@NullMarked
package org.diolab.engine.model;

import org.jspecify.annotations.NullMarked;
