package org.diolab.live.kernel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What a run's {@code owned} file lists: its images (by name inside the run directory, with the device and inode
 * they had when created), its mount points, and its work directories (test files on a user's mount). Names with a slash or a dot-dot are ignored: nothing outside the run
 * directory is ever named here.
 */
record OwnedResources(Path runDir, List<Image> images, List<Path> mountPoints, List<Path> workDirs) {
    /** An image file and the identity it had when this run created it. */
    record Image(Path path, FileIdentity identity) {
    }

    OwnedResources {
        images = List.copyOf(images);
        mountPoints = List.copyOf(mountPoints);
        workDirs = List.copyOf(workDirs);
    }

    static OwnedResources read(Path runDir) throws IOException {
        List<Image> images = new ArrayList<>();
        List<Path> mounts = new ArrayList<>();
        List<Path> work = new ArrayList<>();
        Path owned = runDir.resolve("owned");
        if (!Files.isRegularFile(owned, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return new OwnedResources(runDir, images, mounts, work);
        }
        for (String line : Files.readAllLines(owned)) {
            String[] f = line.strip().split(" ");
            if (f.length < 2 || !f[1].matches("[A-Za-z0-9][A-Za-z0-9._-]*") || f[1].contains("..")) {
                continue; // a torn last line of a killed run, or not ours to follow
            }
            try {
                switch (f[0]) {
                    case "image" -> {
                        if (f.length == 4) {
                            images.add(new Image(runDir.resolve(f[1]), FileIdentity.parse(f[2], f[3])));
                        }
                    }
                    case "mountpoint" -> mounts.add(runDir.resolve(f[1]));
                    case "workdir" -> work.add(runDir.resolve(f[1]));
                    default -> { }
                }
            } catch (IllegalArgumentException e) {
                // torn line: skip it; anything it named was not yet attached (records come first)
            }
        }
        return new OwnedResources(runDir, images, mounts, work);
    }

    /** Only these images and mount points: a volume's share of the run, torn down before the run ends. */
    OwnedResources subset(List<Path> imagePaths, List<Path> mountPaths) {
        return new OwnedResources(runDir, images.stream().filter(i -> imagePaths.contains(i.path())).toList(),
                mountPoints.stream().filter(mountPaths::contains).toList(), List.of());
    }
}
