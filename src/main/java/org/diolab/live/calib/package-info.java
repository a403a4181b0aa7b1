/**
 * Calibration: memcpy, CRC32C and device speeds measured on this machine, saved for the perf model and the app.
 */
package org.diolab.live.calib;
