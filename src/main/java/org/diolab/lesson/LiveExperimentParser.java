package org.diolab.lesson;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.diolab.lesson.yaml.Node;

/**
 * Reads a lesson's {@code live} experiment: {@code description}, {@code jobs} (each {@code name}, {@code args},
 * optional {@code expect}), optional {@code baseline} (a job name) and {@code repeats}. Names cross-checked:
 * {@code baseline} and every {@code expect.than} must name a job of the experiment.
 */
final class LiveExperimentParser {
    private final Problems problems;

    LiveExperimentParser(Problems problems) {
        this.problems = problems;
    }

    LiveExperiment parse(Node node) {
        if (node == null) {
            return null;
        }
        Fields f = Fields.of(node, problems, "live");
        if (f == null) {
            return null;
        }
        String description = f.text("description");
        String baseline = f.optText("baseline", null);
        Integer repeats = f.has("repeats") ? f.integer("repeats") : Integer.valueOf(LiveExperiment.DEFAULT_REPEATS);
        if (repeats != null && (repeats < 1 || repeats > LiveExperiment.MAX_REPEATS)) {
            problems.at(
                    f.node().entries().get("repeats"),
                    "'repeats' must be 1 to " + LiveExperiment.MAX_REPEATS + ", found " + repeats,
                    "3 gives a median and a spread at a cost of three runs per job");
            repeats = null;
        }
        List<LiveExperiment.LiveJob> jobs = new ArrayList<>();
        List<Node> thanNodes = new ArrayList<>();
        // every job named, also those whose args are wrong: a baseline naming one is not "not a job" as well
        List<String> named = new ArrayList<>();
        for (Node item : f.list("jobs", true)) {
            Fields j = Fields.of(item, problems, "a live job");
            if (j == null) {
                continue;
            }
            String name = j.text("name");
            List<String> args = j.texts("args", true);
            Node expectNode = j.raw("expect");
            LiveExperiment.Expectation expect = expectation(expectNode);
            j.rejectUnknown();
            if (name != null && named.contains(name)) {
                problems.at(
                        j.node().entries().get("name"),
                        "two live jobs are named '" + name + "'",
                        "give each job its own name: 'baseline' and 'than' pick a job by it");
                continue;
            }
            if (name != null) {
                named.add(name);
            }
            if (args.stream().anyMatch(a -> a.equals("--dir"))) {
                problems.at(
                        j.node().entries().get("args"),
                        "a live job must not name --dir",
                        "the user chooses the scratch directory when running it");
            } else if (name != null) {
                String wrong = LiveJobCheck.problem(name, args);
                if (wrong != null) {
                    problems.at(j.node().entries().get("args"), wrong, LiveJobCheck.HINT);
                    continue;
                }
                jobs.add(new LiveExperiment.LiveJob(name, args, expect));
                thanNodes.add(
                        expect != null && expect.than() != null && expectNode instanceof Node.MapNode m
                                ? m.entries().get("than")
                                : null);
            }
        }
        f.rejectUnknown();
        List<String> names = named;
        if (baseline != null && !names.contains(baseline)) {
            problems.at(
                    f.node().entries().get("baseline"),
                    "baseline '" + baseline + "' is not a job of this" + " experiment",
                    Suggest.hint(baseline, names));
        }
        for (int i = 0; i < jobs.size(); i++) {
            String than =
                    jobs.get(i).expect() == null ? null : jobs.get(i).expect().than();
            if (than != null && !names.contains(than)) {
                problems.at(
                        thanNodes.get(i) != null ? thanNodes.get(i) : f.node(),
                        "'than: " + than + "' is not a job of this experiment",
                        Suggest.hint(than, names));
            }
        }
        return description == null || repeats == null ? null : new LiveExperiment(description, jobs, baseline, repeats);
    }

    private LiveExperiment.Expectation expectation(Node node) {
        if (node == null) {
            return null;
        }
        Fields e = Fields.of(node, problems, "a live job's expect");
        if (e == null) {
            return null;
        }
        LiveExperiment.Direction bandwidth = choice(e, "bandwidth", LiveExperiment.Direction.values());
        String than = e.optText("than", null);
        LiveExperiment.Races races = choice(e, "races", LiveExperiment.Races.values());
        String because = e.text("because");
        e.rejectUnknown();
        if (bandwidth == null && races == null) {
            problems.at(
                    node,
                    "an expect needs 'bandwidth' or 'races'",
                    "bandwidth: lower|higher|similar (than: a job), races: some|none");
        }
        if (than != null && bandwidth == null) {
            problems.at(e.node().entries().get("than"), "'than' goes with 'bandwidth'", "add bandwidth: lower");
        }
        return because == null ? null : new LiveExperiment.Expectation(bandwidth, than, races, because);
    }

    private <E extends Enum<E>> E choice(Fields f, String key, E[] values) {
        String s = f.optText(key, null);
        if (s == null) {
            return null;
        }
        for (E v : values) {
            if (v.name().equalsIgnoreCase(s)) {
                return v;
            }
        }
        List<String> names = Arrays.stream(values)
                .map(v -> v.name().toLowerCase(Locale.ROOT))
                .toList();
        problems.at(
                f.node().entries().get(key),
                "'" + key + "' must be one of " + String.join(", ", names) + ", found '" + s + "'",
                Suggest.hint(s, names));
        return null;
    }
}
