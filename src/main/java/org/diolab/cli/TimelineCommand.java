package org.diolab.cli;

import java.io.PrintWriter;
import java.util.List;
import org.diolab.lesson.HistoryEntry;
import org.diolab.lesson.Timeline;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dio-lab timeline [--format text|json]}: what happened after the threads, across every lesson's epilogue,
 * dated where a source dates it, each fact with its source.
 */
@Command(
        name = "timeline",
        mixinStandardHelpOptions = true,
        description = "What happened after the threads: every lesson's epilogue, by date, each with its source.")
final class TimelineCommand implements Runnable {
    @Mixin
    LessonSource source;

    @Mixin
    FormatOption format = FormatOption.listingFormats();

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        OutputFormat fmt = format.value();
        List<Timeline.Event> events = Timeline.of(source.library().lessons());
        PrintWriter out = spec.commandLine().getOut();
        switch (fmt) {
            case TEXT ->
                events.forEach(e -> {
                    out.println(e.headline());
                    for (Timeline.Telling t : e.tellings()) {
                        out.println("    " + t.summary() + "  [" + t.lesson() + "; " + t.source() + "]");
                    }
                });
            case JSON -> {
                ArrayNode root = TraceJson.MAPPER.createArrayNode();
                for (Timeline.Event e : events) {
                    ObjectNode o = root.addObject();
                    o.put("when", e.when());
                    o.put("commit", e.commit());
                    o.put("subject", e.subject());
                    ArrayNode tellings = o.putArray("tellings");
                    e.tellings()
                            .forEach(t -> tellings.addObject()
                                    .put("lesson", t.lesson())
                                    .put("summary", t.summary())
                                    .put("source", t.source()));
                }
                out.println(TraceJson.MAPPER.writeValueAsString(root));
            }
        }
    }

    static ObjectNode json(ObjectNode o, HistoryEntry h) {
        o.put("when", h.when());
        o.put("commit", h.commit());
        o.put("subject", h.subject());
        o.put("summary", h.summary());
        o.put("source", h.source());
        return o;
    }
}
