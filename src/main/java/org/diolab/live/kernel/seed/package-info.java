/**
 * Each seed thread's own benchmark re-measured on this kernel ({@code kernel-lab seed-tables}): the seed's workload
 * (S000's libaio random reads at depth 64, S003's 1 MiB O_DIRECT writes, S002's eight psync randrw jobs, S004's 1 MiB
 * direct writes into a checksummed file) run by the live engine on volumes the lab builds for it, scaled to the
 * machine, and printed beside the seed's table as ratios to each table's own first row. It uses the lab's owned
 * volumes ({@code lab}) and nothing of the scenario room.
 */
package org.diolab.live.kernel.seed;
