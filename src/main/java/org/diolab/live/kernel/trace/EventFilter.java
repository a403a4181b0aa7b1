package org.diolab.live.kernel.trace;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;
import org.diolab.live.kernel.trace.text.DevNum;

/**
 * Filter expressions for an event's {@code filter} file, so the kernel drops what is not the lab's before it takes
 * room in the buffer. Device fields compare the kernel's dev_t ({@link DevNum#kernel()}); thread filters match the
 * task's comm with a glob ({@code comm ~ "dio-lab*"}), which needs no thread ids and holds for threads started later.
 * An empty string means no filter.
 */
public final class EventFilter {
    private EventFilter() {}

    /** {@code dev == 7340032 || dev == 7340033}; "" for no devices (the event is then not filtered by device). */
    public static String devices(String field, Collection<DevNum> devs) {
        return devs.stream()
                .sorted(java.util.Comparator.comparingLong(DevNum::kernel)) // the same filter for the same devices
                .map(d -> field + " == " + d.kernel())
                .collect(Collectors.joining(" || "));
    }

    /** {@code comm ~ "dio-lab*"} on the given string field ({@code comm}, {@code prev_comm}, ...). */
    public static String threads(String field, String prefix) {
        return field + " ~ \"" + prefix + "*\"";
    }

    /** {@code name == "btrfs-3" || ...} for the writeback events' bdi name. */
    public static String bdis(Collection<String> names) {
        return names.stream().sorted().map(n -> "name == \"" + n + "\"").collect(Collectors.joining(" || "));
    }

    /** Every non-empty part must hold. */
    public static String and(String... parts) {
        List<String> p =
                java.util.Arrays.stream(parts).filter(s -> !s.isBlank()).toList();
        return p.size() == 1 ? p.getFirst() : p.stream().map(s -> "(" + s + ")").collect(Collectors.joining(" && "));
    }

    /** Any non-empty part may hold. */
    public static String or(String... parts) {
        List<String> p =
                java.util.Arrays.stream(parts).filter(s -> !s.isBlank()).toList();
        return p.size() == 1 ? p.getFirst() : p.stream().map(s -> "(" + s + ")").collect(Collectors.joining(" || "));
    }
}
