package org.diolab.lesson;

import java.util.List;

/**
 * The real measurement that pairs with a lesson: jobs for the live engine ({@code dio-lab bench} arguments), run side
 * by side so the animation's cost shows up as numbers on this machine.
 */
public record LiveExperiment(String description, List<LiveJob> jobs) {
    public LiveExperiment {
        jobs = List.copyOf(jobs);
    }

    /** One bench job: a name for the result table and its {@code bench} arguments (without {@code --dir}). */
    public record LiveJob(String name, List<String> args) {
        public LiveJob {
            args = List.copyOf(args);
        }
    }
}
