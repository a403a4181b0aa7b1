/**
 * What a live run measured, as records: bandwidth, IOPS, latency, race counters, fio's JSON, the fio comparison.
 */
package org.diolab.live.report;
