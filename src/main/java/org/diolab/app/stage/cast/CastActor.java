package org.diolab.app.stage.cast;

import java.util.List;

/**
 * An actor as the stage casts it: threads and workers get a lane, devices a card in the storage column.
 *
 * @param program every micro-step label of its program (the widest its lane can get)
 * @param notes   every status note its lane shows in the runs cast, to size the lane once
 */
public record CastActor(String id, String title, ActorRole role, List<String> program, List<String> notes) {
    public CastActor {
        program = List.copyOf(program);
        notes = List.copyOf(notes);
    }
}
