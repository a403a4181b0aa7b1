package org.diolab.app.glossary;

import java.util.List;
import java.util.Locale;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.diolab.app.work.BackgroundTask;
import org.diolab.app.work.BackgroundWork;
import org.diolab.app.work.CurrentJob;
import org.diolab.lesson.Lesson;
import org.diolab.lesson.glossary.Glossary;
import org.diolab.lesson.glossary.GlossaryEntry;
import org.diolab.lesson.glossary.GlossaryUsage;

/**
 * The Glossary view's state: the search, the terms it matches (alphabetically), the term on show, and which lessons
 * use each term. Which lessons use a term is computed by playing them, off the FX thread, whenever the library's
 * lessons change; until then a term simply lists no lessons.
 */
public final class GlossaryViewModel {
    private final Glossary glossary;
    private final CurrentJob usageJob;
    private final ReadOnlyStringWrapper query = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<List<GlossaryEntry>> matches = new ReadOnlyObjectWrapper<>(List.of());
    private final ReadOnlyObjectWrapper<GlossaryEntry> shown = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<GlossaryUsage> usage = new ReadOnlyObjectWrapper<>();

    public GlossaryViewModel(Glossary glossary, BackgroundWork work) {
        this.glossary = glossary;
        this.usageJob = new CurrentJob(work);
        search("");
    }

    public Glossary glossary() {
        return glossary;
    }

    public ReadOnlyStringProperty queryProperty() {
        return query.getReadOnlyProperty();
    }

    /** The terms the search matches, alphabetically: all of them for an empty search. */
    public ReadOnlyObjectProperty<List<GlossaryEntry>> matchesProperty() {
        return matches.getReadOnlyProperty();
    }

    /** The term whose whole entry is on show ({@code null}: none yet). */
    public ReadOnlyObjectProperty<GlossaryEntry> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** How many terms match, or what to try when none does. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Which lessons use which term, once computed. */
    public ReadOnlyObjectProperty<GlossaryUsage> usageProperty() {
        return usage.getReadOnlyProperty();
    }

    /**
     * Matches a term by any of its names, then by its definition, best first (a name that is the search, starts with
     * it, contains it; then a definition that contains it): {@code "end_i"} finds end_io before btrfs_bio_end_io(), and shows the first match unless the term on show matches. A search that matches nothing
     * names the nearest terms.
     */
    public void search(String text) {
        String q = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        query.set(q);
        List<GlossaryEntry> all = glossary.alphabetical();
        if (q.isEmpty()) {
            matches.set(all);
            status.set(all.size() + " terms");
            return;
        }
        List<GlossaryEntry> found = all.stream()
                .filter(e -> rank(e, q) < 4)
                .sorted(java.util.Comparator.comparingInt(e -> rank(e, q))) // stable: alphabetical within a rank
                .toList();
        matches.set(found);
        if (found.isEmpty()) {
            List<String> near = glossary.nearest(q, 3);
            status.set("No term matches '" + text.strip() + "'"
                    + (near.isEmpty() ? "." : "; nearest: " + String.join(", ", near) + "."));
        } else {
            status.set(found.size() + " of " + all.size() + " terms");
            if (!found.contains(shown.get())) {
                shown.set(found.getFirst()); // the best match: a name that contains the search
            }
        }
    }

    /** 0: a name is the search; 1: a name starts with it; 2: a name contains it; 3: the definition does; 4: none. */
    private static int rank(GlossaryEntry e, String q) {
        int best = 4;
        for (String n : e.names()) {
            String name = n.toLowerCase(Locale.ROOT);
            best = Math.min(best, name.equals(q) ? 0 : name.startsWith(q) ? 1 : name.contains(q) ? 2 : 4);
        }
        return best < 4 ? best : e.definition().toLowerCase(Locale.ROOT).contains(q) ? 3 : 4;
    }

    public void show(GlossaryEntry e) {
        shown.set(e);
    }

    /** Shows the entry named {@code term} (headword or alias); false if there is none. */
    public boolean show(String term) {
        return glossary.lookup(term)
                .map(e -> {
                    shown.set(e);
                    return true;
                })
                .orElse(false);
    }

    /** The lessons (ids) that use {@code e}; empty until the library's lessons have been gone through. */
    public List<String> lessonsUsing(GlossaryEntry e) {
        GlossaryUsage u = usage.get();
        return u == null ? List.of() : u.lessons(e);
    }

    /** Works out which lesson uses which term, in the background; a newer library replaces an older one's job. */
    public void useLessons(List<Lesson> lessons) {
        List<Lesson> copy = List.copyOf(lessons);
        usageJob.start(
                BackgroundTask.of("glossary: which lessons use which term", ctx -> GlossaryUsage.of(glossary, copy))
                        .onSuccess(usage::set));
    }
}
