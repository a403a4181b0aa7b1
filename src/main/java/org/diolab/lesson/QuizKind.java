package org.diolab.lesson;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** What a quiz question asks the learner to do. */
public enum QuizKind {
    PREDICT_NEXT("predict-next", "Predict the next state"),
    WHICH_INTERLEAVING("which-interleaving", "Which interleaving breaks it?"),
    FIX_COST("fix-cost", "What does the fix cost?");

    private final String id;
    private final String title;

    QuizKind(String id, String title) {
        this.id = id;
        this.title = title;
    }

    /** As lesson files spell it. */
    public String id() {
        return id;
    }

    public String title() {
        return title;
    }

    public static Optional<QuizKind> byId(String id) {
        return Arrays.stream(values()).filter(k -> k.id.equals(id)).findFirst();
    }

    public static List<String> ids() {
        return Arrays.stream(values()).map(QuizKind::id).toList();
    }
}
