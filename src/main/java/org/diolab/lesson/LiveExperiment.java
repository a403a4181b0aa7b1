package org.diolab.lesson;

import java.util.List;
import java.util.Objects;

/**
 * The real measurement that pairs with a lesson: jobs for the live engine ({@code dio-lab bench} arguments), run side
 * by side so the animation's cost shows up as numbers on this machine, each {@link #repeats} times, with what the
 * lesson expects each job to show, so a result that contradicts the lesson is flagged instead of presented silently.
 *
 * @param baseline the name of the job every bandwidth is compared with (a ratio of 1.00), or null for the first job
 * @param repeats  how many times each job runs (round robin over the jobs); results show the median and spread
 */
public record LiveExperiment(String description, List<LiveJob> jobs, String baseline, int repeats) {
    public static final int DEFAULT_REPEATS = 3;
    public static final int MAX_REPEATS = 10;

    public LiveExperiment {
        jobs = List.copyOf(jobs);
        if (repeats < 1 || repeats > MAX_REPEATS) {
            throw new IllegalArgumentException("repeats " + repeats + " outside 1.." + MAX_REPEATS);
        }
    }

    /** An experiment with the first job as baseline and the default repeats. */
    public LiveExperiment(String description, List<LiveJob> jobs) {
        this(description, jobs, null, DEFAULT_REPEATS);
    }

    /** The job bandwidths are compared with: the named baseline, else the first job. */
    public LiveJob baselineJob() {
        return jobs.stream()
                .filter(j -> j.name().equals(baseline))
                .findFirst()
                .orElse(jobs.isEmpty() ? null : jobs.getFirst());
    }

    /** One bench job: a name for the result table, its {@code bench} arguments (without {@code --dir}), and what
     * the lesson expects it to show, or null. */
    public record LiveJob(String name, List<String> args, Expectation expect) {
        public LiveJob {
            args = List.copyOf(args);
        }

        public LiveJob(String name, List<String> args) {
            this(name, args, null);
        }
    }

    /**
     * What a job should show if the lesson holds on this machine.
     *
     * @param bandwidth how its bandwidth compares with job {@code than}'s, or null
     * @param than      the job it is compared with, or null for the experiment's baseline
     * @param races     whether its checks should catch broken invariants (mirrors differing, checksum or data
     *                  mismatches), or null
     * @param because   why, in the lesson's words: shown when a result contradicts it
     */
    public record Expectation(Direction bandwidth, String than, Races races, String because) {
        public Expectation {
            Objects.requireNonNull(because, "because");
        }
    }

    /** Expected bandwidth relative to another job. */
    public enum Direction {
        LOWER,
        HIGHER,
        SIMILAR;

        public String yamlName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Whether the job's invariant checks should catch violations. */
    public enum Races {
        SOME,
        NONE;

        public String yamlName() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }
}
