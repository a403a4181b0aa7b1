package org.diolab.engine.op;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.diolab.engine.model.BioOp;
import org.diolab.engine.step.Instr;

/** Buffered writes into the page cache and the writeback that later sends the folios to the device. */
final class CacheExpansion {
    private CacheExpansion() {}

    static String folio(int block) {
        return "F" + block;
    }

    static List<Instr> bufferedWrite(List<String> pages, int block, Expansion x) {
        List<Instr> out = new ArrayList<>();
        for (int i = 0; i < pages.size(); i++) {
            out.add(new Instr.BufferedCopy(pages.get(i), block + i, x.bufferedWait(block + i)));
        }
        return out;
    }

    /**
     * writeback-start, one bio over the folios, checksums, submit, end_io, writeback-end; all skipped if the folios
     * turned out clean (another writeback got there first), as filemap_fdatawrite does.
     */
    static List<Instr> writeback(String bio, int block, int count, Expansion x) {
        List<Integer> blocks = IntStream.range(block, block + count).boxed().toList();
        List<Instr> out = new ArrayList<>();
        out.add(new Instr.WritebackStart(blocks, bio, x.f().skipPinnedWriteback()));
        List<Instr> io = new ArrayList<>();
        io.add(new Instr.BuildBio(
                bio, BioOp.WRITE, blocks.stream().map(CacheExpansion::folio).toList(), block, x.volume()));
        io.addAll(x.csum(bio, block));
        io.addAll(x.submitWrite(bio, block, count));
        io.addAll(x.completeWrite(bio, block, count));
        io.add(new Instr.WritebackEnd(blocks));
        out.addAll(Expansion.when(bio + ":clean", false, io));
        return out;
    }
}
