package org.diolab.cli;

import org.diolab.engine.Narration;
import org.diolab.engine.Snapshot;
import org.diolab.engine.Trace;
import org.diolab.engine.ViolationAt;
import org.diolab.lesson.Lesson;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code play --format json}: {@code {"lesson", "policy", "steps": [{"index", "actor", "action", "narration",
 * "changed"}], "outro", "epilogue": [{"when", "commit", "subject", "summary", "source"}], "violations": [{"invariant",
 * "step", "detail"}]}}.
 */
final class TraceJson {
    static final JsonMapper MAPPER =
            JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private TraceJson() {}

    static String render(Lesson lesson, Trace trace) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("lesson", lesson.id());
        root.put("policy", trace.policy().id());
        ArrayNode steps = root.putArray("steps");
        for (Snapshot s : trace.snapshots().subList(1, trace.size())) {
            ObjectNode step = steps.addObject();
            step.put("index", s.index());
            step.put("actor", s.event().actor());
            step.put("kind", s.event().kind().name().toLowerCase());
            step.put("label", s.event().label());
            step.put("action", s.event().action());
            Narration n = s.narration();
            step.put("narration", n == null ? null : n.text());
            if (n != null && n.hasQuote()) {
                step.put("quote", n.quote());
                step.put("source", n.source());
            }
            ArrayNode changed = step.putArray("changed");
            s.changed().forEach(r -> changed.add(r.toString()));
        }
        Narration outro = lesson.narration().outro();
        root.put("outro", outro == null ? null : outro.text());
        ArrayNode epilogue = root.putArray("epilogue");
        lesson.epilogue().forEach(h -> TimelineCommand.json(epilogue.addObject(), h));
        ArrayNode violations = root.putArray("violations");
        for (ViolationAt v : trace.violationOnsets()) {
            ObjectNode o = violations.addObject();
            o.put("invariant", v.invariant());
            o.put("step", v.step());
            o.put("detail", v.detail());
        }
        return MAPPER.writeValueAsString(root);
    }
}
