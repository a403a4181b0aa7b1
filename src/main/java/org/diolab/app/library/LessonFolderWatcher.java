package org.diolab.app.library;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Watches the user's lesson folders (and single lesson files) for changes, on a daemon thread of its own, and reports
 * which watched root changed — once per burst, since editors save with several events (temp file, rename, chmod).
 * A root is a folder of {@code *.yaml} with its {@code sources/}, or one {@code .yaml} file (then its folder's
 * {@code sources/} counts too). Reports are handed to {@code deliver} (the FX thread in the app).
 */
public final class LessonFolderWatcher implements AutoCloseable {
    /** How long a folder must stay quiet before a burst of events is reported. */
    static final long QUIET_MILLIS = 200;

    private final Executor deliver;
    private final Consumer<Path> changed;
    private final Map<WatchKey, Path> dirs = new LinkedHashMap<>();
    private final Map<Path, Path> roots = new LinkedHashMap<>();
    private WatchService service;
    private Thread thread;

    /** {@code changed} gets a watched root (as given to {@link #watch}) after its files changed. */
    public LessonFolderWatcher(Executor deliver, Consumer<Path> changed) {
        this.deliver = deliver;
        this.changed = changed;
    }

    /** Starts watching {@code root}: a lesson folder or a lesson file. */
    public synchronized void watch(Path root) throws IOException {
        Path r = root.toAbsolutePath().normalize();
        if (roots.containsKey(r)) {
            return;
        }
        if (service == null) {
            service = FileSystems.getDefault().newWatchService();
            thread = Thread.ofPlatform().daemon().name("dio-lab-lesson-watch").start(this::loop);
        }
        roots.put(r, r);
        Path dir = Files.isDirectory(r) ? r : r.getParent();
        register(dir);
        if (Files.isDirectory(dir.resolve("sources"))) {
            register(dir.resolve("sources"));
        }
    }

    /** Stops reporting changes of {@code root}. */
    public synchronized void unwatch(Path root) {
        roots.remove(root.toAbsolutePath().normalize());
    }

    @Override
    public synchronized void close() throws IOException {
        if (service != null) {
            service.close();
            service = null;
        }
    }

    private void register(Path dir) throws IOException {
        if (!dirs.containsValue(dir)) {
            WatchKey key = dir.register(
                    service,
                    StandardWatchEventKinds.ENTRY_CREATE,
                    StandardWatchEventKinds.ENTRY_MODIFY,
                    StandardWatchEventKinds.ENTRY_DELETE);
            dirs.put(key, dir);
        }
    }

    private void loop() {
        WatchService ws;
        synchronized (this) {
            ws = service;
        }
        try {
            while (true) {
                Set<Path> touched = new LinkedHashSet<>();
                WatchKey key = ws.take();
                do {
                    collect(key, touched);
                    key = ws.poll(QUIET_MILLIS, TimeUnit.MILLISECONDS);
                } while (key != null);
                for (Path root : rootsOf(touched)) {
                    deliver.execute(() -> changed.accept(root));
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed: the app is going away
        }
    }

    private void collect(WatchKey key, Set<Path> touched) {
        Path dir;
        synchronized (this) {
            dir = dirs.get(key);
        }
        for (WatchEvent<?> e : key.pollEvents()) {
            if (dir != null && e.context() instanceof Path name) {
                touched.add(dir.resolve(name));
            }
        }
        key.reset();
    }

    /** The watched roots a set of changed files belongs to. */
    private synchronized List<Path> rootsOf(Set<Path> touched) {
        Set<Path> out = new LinkedHashSet<>();
        for (Path f : touched) {
            boolean source = f.getParent() != null
                    && f.getParent().getFileName() != null
                    && f.getParent().getFileName().toString().equals("sources");
            Path lessonDir = source ? f.getParent().getParent() : f.getParent();
            for (Path root : roots.keySet()) {
                boolean folder = root.equals(lessonDir) && (source || isLessonName(f));
                boolean file = root.equals(f) || (source && root.getParent().equals(lessonDir));
                if (folder || file) {
                    out.add(root);
                }
            }
        }
        return List.copyOf(out);
    }

    private static boolean isLessonName(Path f) {
        String n = f.getFileName().toString();
        return n.endsWith(".yaml") || n.endsWith(".yml");
    }
}
