/**
 * The same job under fio, on the same files, like for like, for a side-by-side check.
 */
package org.diolab.live.fio;
