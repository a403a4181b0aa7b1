package org.diolab.live.kernel.trace;

/**
 * One event to enable in the lab's instance, with its filter ("" for none) and why the scenario wants it.
 *
 * @param system the event's directory under {@code events/} ({@code block})
 * @param event  its name ({@code block_rq_issue})
 */
public record EventSpec(String system, String event, String filter, String why) {
    public EventSpec {
        if (!system.matches("[a-z0-9_]+") || !event.matches("[a-z0-9_]+")) {
            throw new IllegalArgumentException("not an event name: " + system + ":" + event);
        }
        if (filter.indexOf('\n') >= 0) {
            throw new IllegalArgumentException("a filter is one line: " + filter);
        }
    }

    /** "block:block_rq_issue", as set_event and the trace-cmd tools name it. */
    public String id() {
        return system + ":" + event;
    }
}
