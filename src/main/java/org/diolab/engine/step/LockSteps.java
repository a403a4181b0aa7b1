package org.diolab.engine.step;

import java.util.Optional;
import java.util.Set;
import org.diolab.engine.model.Inode;
import org.diolab.engine.model.LockMode;
import org.diolab.engine.model.Ref;
import org.diolab.engine.model.RwSem;
import org.diolab.engine.model.World;

/** ext4's i_rwsem and i_dio_count, the subject of S002. */
final class LockSteps {
    private LockSteps() {}

    static Transition request(World w, String actor, LockMode mode, String why) {
        Inode i = w.inode();
        RwSem r = i.rwsem().request(actor, mode);
        String because = why.isEmpty() ? "" : ": " + why;
        return Transition.of(
                w.withInode(i.withRwsem(r)),
                () -> actor + " asks for i_rwsem " + mode.label() + because + " ("
                        + i.rwsem().describe() + ")",
                Set.of(Ref.inode()));
    }

    static Optional<Wait> acquireWait(World w, String actor) {
        RwSem r = w.inode().rwsem();
        if (r.grantable(actor)) {
            return Optional.empty();
        }
        return Optional.of(new Wait("waits for i_rwsem: " + r.describe(), r.blockers(actor)));
    }

    static Transition acquire(World w, String actor, LockMode mode) {
        Inode i = w.inode();
        return Transition.of(
                w.withInode(i.withRwsem(i.rwsem().grant(actor))),
                () -> actor + " takes i_rwsem " + mode.label(),
                Set.of(Ref.inode()));
    }

    static Transition release(World w, String actor) {
        Inode i = w.inode();
        RwSem r = i.rwsem().release(actor);
        return Transition.of(
                w.withInode(i.withRwsem(r)),
                () -> actor + " releases i_rwsem (" + r.describe() + ")",
                Set.of(Ref.inode()));
    }

    static Transition dioCount(World w, String actor, int delta) {
        Inode i = w.inode().withDioCount(w.inode().dioCount() + delta);
        String what = delta > 0 ? " inode_dio_begin: reads without i_rwsem" : " inode_dio_end";
        return Transition.of(
                w.withInode(i), () -> actor + what + " (i_dio_count = " + i.dioCount() + ")", Set.of(Ref.inode()));
    }
}
