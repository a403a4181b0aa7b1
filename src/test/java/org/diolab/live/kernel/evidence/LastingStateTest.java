package org.diolab.live.kernel.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Comparing a btrfs's lasting state before and after: what differs, of which kind, said with its numbers. */
class LastingStateTest {
    private static LastingState state(String... kv) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put(kv[i], kv[i + 1]);
        }
        return new LastingState("/mnt/x", m);
    }

    @Test
    void onlyWhatDiffersIsAChangeAndCountersSayByHowMuch() {
        LastingState before = state(
                "devid 1 corruption_errs", "0",
                "devid 1 read_io_errs", "2",
                "setting read_policy", "pid",
                "scrub record 00ab2085-b588-449c-b674-a4b3513d734d", "(none)");
        LastingState after = state(
                "devid 1 corruption_errs", "502965",
                "devid 1 read_io_errs", "2",
                "setting read_policy", "round-robin",
                "scrub record 00ab2085-b588-449c-b674-a4b3513d734d", "392 bytes, written 2026-12-01T11:15:00Z");
        assertThat(before.changesTo(after))
                .extracting(LastingState.Change::kind, LastingState.Change::describe)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                LastingState.Kind.COUNTER, "corruption_errs of devid 1: 0 -> 502,965 (+502,965)"),
                        org.assertj.core.groups.Tuple.tuple(
                                LastingState.Kind.SCRUB_RECORD,
                                "scrub record 00ab2085-b588-449c-b674-a4b3513d734d: (none) -> 392 bytes, written"
                                        + " 2026-12-01T11:15:00Z"),
                        org.assertj.core.groups.Tuple.tuple(
                                LastingState.Kind.SETTING, "setting read_policy: pid -> round-robin"));
        assertThat(before.changesTo(before)).isEmpty();
        assertThat(before.counters())
                .containsExactly(Map.entry("devid 1 corruption_errs", 0L), Map.entry("devid 1 read_io_errs", 2L));
    }
}
