/**
 * What the live engine reads of the machine: kernel, CPU, filesystem and device, page cache, hugetlb pool, CPU time.
 */
package org.diolab.live.probe;
