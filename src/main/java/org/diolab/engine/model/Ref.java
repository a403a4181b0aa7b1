package org.diolab.engine.model;

/**
 * Names of the objects a step can change, as the view and the trace address them. One naming scheme for the whole
 * engine so a highlight in the app and a "changed" entry in JSON mean the same thing.
 */
public final class Ref {
    private Ref() {
    }

    public static String page(String id) {
        return "page:" + id;
    }

    public static String bio(String id) {
        return "bio:" + id;
    }

    public static String block(String device, int block) {
        return "block:" + device + "/" + block;
    }

    public static String csum(int block) {
        return "csum:" + block;
    }

    public static String work(String id) {
        return "work:" + id;
    }

    /** The inode's i_rwsem and i_dio_count. */
    public static String inode() {
        return "inode";
    }
}
