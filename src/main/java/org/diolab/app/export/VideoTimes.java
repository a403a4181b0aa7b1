package org.diolab.app.export;

import java.util.Arrays;

/**
 * When each frame of a video starts, as an ffmpeg {@code setpts} expression in ticks of the video's frame rate: frame
 * {@code i} stays {@code ticks[i]} ticks, so a still held for a step is one frame, not dozens of copies. The last
 * frame, if it stays longer than a tick, is sent twice (the copy starts one tick before the end), because a video
 * lasts until its last frame's start plus one tick.
 */
final class VideoTimes {
    private VideoTimes() {}

    /** The frames ffmpeg receives for these ticks: one each, and the last once more if it is held. */
    static int[] sent(int[] ticks) {
        int last = ticks[ticks.length - 1];
        if (last <= 1) {
            return ticks.clone();
        }
        int[] out = Arrays.copyOf(ticks, ticks.length + 1);
        out[ticks.length - 1] = last - 1;
        out[ticks.length] = 1;
        return out;
    }

    /**
     * The start of frame {@code N} in ticks: {@code N} plus, for every frame before it, the ticks it stays beyond
     * one. Runs of frames held alike are one term ({@code clip}), so a video of stills is a short expression.
     */
    static String pts(int[] ticks) {
        int[] e = sent(ticks);
        StringBuilder out = new StringBuilder("N");
        for (int a = 0; a < e.length; ) {
            int b = a;
            while (b < e.length && e[b] == e[a]) {
                b++;
            }
            if (e[a] > 1) {
                out.append('+')
                        .append(e[a] - 1)
                        .append("*clip(N-")
                        .append(a)
                        .append(",0,")
                        .append(b - a)
                        .append(')');
            }
            a = b;
        }
        return "(" + out + ")";
    }

    /** The video's length in ticks. */
    static long length(int[] ticks) {
        return Arrays.stream(ticks).asLongStream().sum();
    }
}
