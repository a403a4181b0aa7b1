/**
 * Reading the files users hand DIO Lab (lessons, source threads, fio job files) without trusting them: only regular
 * files, only up to a size cap, only valid UTF-8, and every refusal as one line a person can act on. Depends on
 * nothing but the JDK, so every layer may use it.
 */
package org.diolab.io;
