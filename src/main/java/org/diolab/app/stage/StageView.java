package org.diolab.app.stage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.geometry.Point2D;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.diolab.engine.EventKind;
import org.diolab.engine.Snapshot;
import org.diolab.engine.invariant.Violation;
import org.diolab.engine.model.Bio;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.model.Device;
import org.diolab.engine.model.Page;
import org.diolab.engine.model.PageKind;
import org.diolab.engine.model.World;
import org.diolab.engine.model.Ref;

/**
 * The stage: actor lanes, user memory, kernel pages and bios, and the devices, with arrows from each bvec to the page
 * it points at and, on a DMA step, the data moving between page and block. It draws a snapshot and nothing else.
 */
public final class StageView extends Region {
    private static final PseudoClass VIOLATED = PseudoClass.getPseudoClass("violated");

    private final ActorLanes lanes = new ActorLanes();
    private final FlowPane userPages = row();
    private final FlowPane cache = row();
    private final FlowPane kernel = row();
    private final KernelStateCard kernelState = new KernelStateCard();
    private final VBox cacheSection;
    private final FlowPane devices = row();
    private final FileCard file = new FileCard();
    private final VBox content;
    private final Pane overlay = new Pane();
    private final Map<String, PageCard> pageCards = new HashMap<>();
    private final Map<String, BioCard> bioCards = new HashMap<>();
    private final Map<String, LegCard> legCards = new HashMap<>();
    private Snapshot shown;

    public StageView() {
        getStyleClass().add("stage-view");
        cacheSection = section("Page cache", cache);
        content = new VBox(10,
                section("Threads and devices", lanes),
                section("User memory", userPages),
                cacheSection,
                section("Kernel: bounce pages, bios, locks", kernel),
                section("Storage", devices));
        content.getStyleClass().add("stage-content");
        overlay.setManaged(false);
        overlay.setMouseTransparent(true);
        overlay.getStyleClass().add("stage-overlay");
        getChildren().addAll(content, overlay);
    }

    /**
     * @param locks  whether the lesson uses i_rwsem, so the inode's lock state is worth a card
     * @param onStep when the learner is the scheduler, what a lane's Step button does; otherwise {@code null}
     */
    public void show(Snapshot s, List<ActorLane> laneList, boolean locks,
                     java.util.function.Consumer<String> onStep) {
        shown = s;
        World w = s.state().world();
        Set<String> changed = s.changed();
        lanes.show(laneList, s.event().kind() == EventKind.STEP ? s.event().actor() : "", onStep);
        List<Page> user = w.pages().values().stream().filter(p -> p.kind() == PageKind.USER).toList();
        List<Page> folios = w.pages().values().stream().filter(p -> p.kind() == PageKind.PAGE_CACHE).toList();
        List<Page> bounce = w.pages().values().stream().filter(p -> p.kind() == PageKind.BOUNCE).toList();
        java.util.function.BiConsumer<PageCard, Page> updatePage = (c, p) -> {
            c.pageProperty().set(p);
            c.changedProperty().set(changed.contains(Ref.page(p.id())));
        };
        sync(userPages, pageCards, user, Page::id, PageCard::new, updatePage);
        sync(cache, pageCards, folios, Page::id, PageCard::new, updatePage);
        cacheSection.setVisible(!folios.isEmpty());
        cacheSection.setManaged(!folios.isEmpty());
        List<Node> kernelNodes = new ArrayList<>();
        syncInto(kernelNodes, pageCards, bounce, Page::id, PageCard::new, updatePage);
        // A finished bio is drawn only at the step that finished it; afterwards it would only clutter the stage.
        List<Bio> live = w.bios().values().stream().filter(b -> b.state() != org.diolab.engine.model.BioState.DONE
                || changed.contains(Ref.bio(b.id()))).toList();
        syncInto(kernelNodes, bioCards, live, Bio::id, BioCard::new, (c, b) -> {
            c.bioProperty().set(b);
            c.changedProperty().set(changed.contains(Ref.bio(b.id())));
        });
        if (kernelState.show(w, changed, locks)) {
            kernelNodes.add(kernelState);
        }
        kernel.getChildren().setAll(kernelNodes);
        if (kernelNodes.isEmpty()) {
            kernel.getChildren().add(placeholder("no bios in flight"));
        }
        Map<String, Map<Integer, String>> flagged = flaggedBlocks(s.violations());
        List<Node> devNodes = new ArrayList<>();
        syncInto(devNodes, legCards, List.copyOf(w.devices().values()), Device::id, LegCard::new, (c, d) -> {
            c.deviceProperty().set(d);
            c.changedBlocksProperty().set(changedBlocks(changed, d.id()));
            c.flaggedBlocksProperty().set(flagged.getOrDefault(d.id(), Map.of()));
        });
        file.show(w, changed);
        devNodes.add(file);
        devices.getChildren().setAll(devNodes);
        pseudoClassStateChanged(VIOLATED, !s.violations().isEmpty());
        requestLayout();
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth() - snappedLeftInset() - snappedRightInset();
        double h = getHeight() - snappedTopInset() - snappedBottomInset();
        content.resizeRelocate(snappedLeftInset(), snappedTopInset(), w, Math.max(h, content.prefHeight(w)));
        content.layout();
        overlay.resizeRelocate(0, 0, getWidth(), getHeight());
        drawArrows();
    }

    @Override
    protected double computePrefHeight(double width) {
        return snappedTopInset() + content.prefHeight(width - snappedLeftInset() - snappedRightInset())
                + snappedBottomInset();
    }

    @Override
    protected double computePrefWidth(double height) {
        return snappedLeftInset() + content.prefWidth(height) + snappedRightInset();
    }

    /** Arrows currently drawn, for tests: style class of each ("bvec-arrow", "dma-arrow"). */
    public List<String> arrowKinds() {
        return overlay.getChildren().stream().map(n -> n.getStyleClass().get(1)).toList();
    }

    private void drawArrows() {
        overlay.getChildren().clear();
        if (shown == null) {
            return;
        }
        Map<String, Node> anchors = new HashMap<>();
        collect(content, anchors);
        pageCards.forEach((id, card) -> anchors.put(Ref.page(id), card));
        World w = shown.state().world();
        for (Bio b : w.bios().values()) {
            if (b.isClone() || anchors.get("bvec:" + b.id() + "/0") == null) {
                continue; // clones share their parent's arrows; a bio no longer drawn has none
            }
            for (int i = 0; i < b.pages().size(); i++) {
                connect(anchors.get("bvec:" + b.id() + "/" + i), anchors.get(Ref.page(b.pages().get(i))),
                        "bvec-arrow", false);
            }
        }
        if (shown.event().kind() == EventKind.STEP && shown.event().label().equals("dma")) {
            String device = shown.event().actor();
            shown.changed().stream().filter(r -> r.startsWith("bio:")).map(r -> w.bio(r.substring(4)))
                    .filter(Bio::isClone).forEach(clone -> {
                        for (int i = 0; i < clone.pages().size(); i++) {
                            Node page = anchors.get(Ref.page(clone.pages().get(i)));
                            Node block = anchors.get(Ref.block(device, clone.block() + i));
                            boolean write = clone.op() == BioOp.WRITE;
                            connect(write ? page : block, write ? block : page, "dma-arrow", true);
                        }
                    });
        }
    }

    private void connect(Node from, Node to, String style, boolean emphasis) {
        if (from == null || to == null || from.getScene() == null) {
            return;
        }
        Bounds a = overlay.sceneToLocal(from.localToScene(from.getBoundsInLocal()));
        Bounds b = overlay.sceneToLocal(to.localToScene(to.getBoundsInLocal()));
        if (a == null || b == null) {
            return;
        }
        boolean down = b.getCenterY() > a.getCenterY();
        Point2D p = new Point2D(a.getCenterX(), down ? a.getMaxY() : a.getMinY());
        Point2D q = new Point2D(b.getCenterX() + (emphasis ? 0 : 0), down ? b.getMinY() : b.getMaxY());
        overlay.getChildren().add(new Arrow(p, q, style));
    }

    private static void collect(Parent parent, Map<String, Node> out) {
        for (Node n : parent.getChildrenUnmodifiable()) {
            String ref = Anchors.of(n);
            if (ref != null) {
                out.put(ref, n);
            }
            if (n instanceof Parent p) {
                collect(p, out);
            }
        }
    }

    /** Blocks named by any violation, per device, with the mark to show: the view marks them whatever the invariant. */
    private static Map<String, Map<Integer, String>> flaggedBlocks(List<Violation> violations) {
        Map<String, Map<Integer, String>> out = new LinkedHashMap<>();
        for (Violation v : violations) {
            String mark = switch (v.invariant()) {
                case "mirrors-agree" -> "≠ legs differ";
                case "checksum-matches" -> "✗ checksum mismatch";
                default -> "✗ " + v.invariant();
            };
            for (String r : v.refs()) {
                if (r.startsWith("block:")) {
                    String[] devBlock = r.substring("block:".length()).split("/");
                    out.computeIfAbsent(devBlock[0], k -> new java.util.TreeMap<>())
                            .merge(Integer.parseInt(devBlock[1]), mark, (a, b) -> a.equals(b) ? a : a + " " + b);
                }
            }
        }
        return out;
    }

    private static Set<Integer> changedBlocks(Set<String> changed, String device) {
        Set<Integer> out = new HashSet<>();
        String prefix = "block:" + device + "/";
        changed.stream().filter(r -> r.startsWith(prefix)).forEach(r -> out.add(Integer.parseInt(r.substring(prefix.length()))));
        return out;
    }

    private static <T, C extends Node> void sync(FlowPane pane, Map<String, C> cards, List<T> items,
                                                 Function<T, String> id, Function<T, C> make,
                                                 java.util.function.BiConsumer<C, T> update) {
        List<Node> nodes = new ArrayList<>();
        syncInto(nodes, cards, items, id, make, update);
        pane.getChildren().setAll(nodes);
        if (nodes.isEmpty()) {
            pane.getChildren().add(placeholder("none"));
        }
    }

    /** Reuses the card of each item by id (so skins update rather than rebuild) and appends it to {@code out}. */
    private static <T, C extends Node> void syncInto(List<Node> out, Map<String, C> cards, List<T> items,
                                                     Function<T, String> id, Function<T, C> make,
                                                     java.util.function.BiConsumer<C, T> update) {
        for (T item : items) {
            C card = cards.computeIfAbsent(id.apply(item), k -> make.apply(item));
            update.accept(card, item);
            out.add(card);
        }
    }

    private static Label placeholder(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("placeholder");
        return l;
    }

    private static FlowPane row() {
        FlowPane p = new FlowPane(12, 12);
        p.getStyleClass().add("stage-row");
        return p;
    }

    private static VBox section(String title, Node body) {
        Label l = new Label(title);
        l.getStyleClass().add("section-title");
        VBox box = new VBox(6, l, body);
        box.getStyleClass().add("stage-section");
        return box;
    }
}
