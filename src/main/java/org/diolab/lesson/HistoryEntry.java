package org.diolab.lesson;

/**
 * One thing that happened after a lesson's thread: a commit, a release, a later message. Every entry names where it
 * comes from; a date is given only where a source gives it ({@code null}: not dated here).
 *
 * @param when    {@code YYYY}, {@code YYYY-MM} or {@code YYYY-MM-DD}, or {@code null}
 * @param commit  the commit id (12 or more hex digits), or {@code null}
 * @param subject the commit's subject line as published, or {@code null}
 * @param summary one line: what changed
 * @param source  where the fact comes from (a commit, a thread file, a mail, FACTS.md's entry)
 */
public record HistoryEntry(String when, String commit, String subject, String summary, String source) {
    /** Sorts dated entries by date and puts undated ones last. */
    public String sortKey() {
        return when == null ? "9999" : when;
    }

    /** The date as shown: the date, or "not dated here". */
    public String whenLabel() {
        return when == null ? "not dated here" : when;
    }
}
