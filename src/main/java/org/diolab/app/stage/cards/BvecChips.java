package org.diolab.app.stage.cards;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.diolab.app.stage.cast.Column;
import org.diolab.app.stage.cast.Crowds;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.engine.model.Bio;

/**
 * The chips a bio card shows for its bvecs: one per bvec ("bvec0 → B"), except that the bvecs into one crowd of
 * pages share a single chip ("bvec1–1024 → 1,024 pages"), which the arrow to that crowd starts from.
 */
final class BvecChips {
    private BvecChips() {}

    /** A chip: its text and the anchor arrows start from. */
    record Chip(String text, Anchor anchor) {}

    /** @param crowded page id → the column of the crowd that page is drawn in */
    static List<Chip> of(Bio b, Map<String, Column> crowded) {
        List<Chip> out = new ArrayList<>();
        Map<Column, List<Integer>> intoCrowd = new LinkedHashMap<>();
        for (int i = 0; i < b.pages().size(); i++) {
            Column c = crowded.get(b.pages().get(i));
            if (c == null) {
                out.add(new Chip("bvec" + i + " → " + b.pages().get(i), new Anchor.Bvec(b.id(), i)));
            } else {
                intoCrowd.computeIfAbsent(c, k -> new ArrayList<>()).add(i);
            }
        }
        intoCrowd.forEach((c, idx) -> out.add(new Chip(text(idx), new Anchor.BvecCrowd(b.id(), c))));
        return out;
    }

    /** "bvec1–1024 → 1,024 pages" for a run of bvecs, "1,024 bvecs → 1,024 pages" otherwise. */
    private static String text(List<Integer> idx) {
        boolean run = idx.getLast() - idx.getFirst() == idx.size() - 1;
        String pages = " → " + Crowds.count(idx.size()) + (idx.size() == 1 ? " page" : " pages");
        return run
                ? "bvec" + idx.getFirst() + "–" + idx.getLast() + pages
                : Crowds.count(idx.size()) + " bvecs" + pages;
    }
}
