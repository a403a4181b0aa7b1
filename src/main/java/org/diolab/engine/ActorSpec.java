package org.diolab.engine;

import java.util.List;
import org.diolab.engine.op.Operation;

/** A thread in the scenario and the operations it performs, in order. */
public record ActorSpec(String id, String title, List<Operation> ops) {
    public ActorSpec {
        ops = List.copyOf(ops);
    }
}
