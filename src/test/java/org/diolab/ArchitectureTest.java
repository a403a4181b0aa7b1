package org.diolab;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The layers point one way: engine ← live, perf, lesson ← app, cli (lesson may use live to check a lesson's live
 * jobs; io, the bounded reading of user files, is usable by all and uses none). The engine is pure (no JavaFX, no I/O, no
 * clocks), so the same input gives the same trace; only the CLI prints.
 */
class ArchitectureTest {
    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.diolab");

    @Test
    void engineUsesNoJavaFx() {
        noClasses().that().resideInAPackage("org.diolab.engine..")
                .should().dependOnClassesThat().resideInAPackage("javafx..")
                .check(MAIN);
    }

    @Test
    void engineDoesNoFileOrNetworkIo() {
        noClasses().that().resideInAPackage("org.diolab.engine..")
                .should().dependOnClassesThat().resideInAnyPackage("java.io..", "java.nio.file..",
                        "java.nio.channels..", "java.net..", "java.lang.foreign..", "java.util.concurrent..")
                .check(MAIN);
    }

    @Test
    void engineReadsNoClock() {
        noClasses().that().resideInAPackage("org.diolab.engine..")
                .should().dependOnClassesThat().resideInAPackage("java.time..")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethod(System.class, "nanoTime")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.util.Random")
                .check(MAIN);
    }

    @Test
    void engineDependsOnNoOtherPackageOfOurs() {
        noClasses().that().resideInAPackage("org.diolab.engine..")
                .should().dependOnClassesThat().resideInAnyPackage("org.diolab.app..", "org.diolab.cli..",
                        "org.diolab.lesson..", "org.diolab.live..", "org.diolab.perf..")
                .check(MAIN);
    }

    @Test
    void lessonLivePerfDoNotReachUp() {
        noClasses().that().resideInAnyPackage("org.diolab.lesson..", "org.diolab.live..", "org.diolab.perf..")
                .should().dependOnClassesThat().resideInAnyPackage("org.diolab.app..", "org.diolab.cli..", "javafx..")
                .check(MAIN);
    }

    @Test
    void ioDependsOnNothingOfOurs() {
        noClasses().that().resideInAPackage("org.diolab.io..")
                .should().dependOnClassesThat().resideInAnyPackage("org.diolab.app..", "org.diolab.cli..",
                        "org.diolab.engine..", "org.diolab.lesson..", "org.diolab.live..", "org.diolab.perf..")
                .check(MAIN);
    }

    @Test
    void liveDoesNotDependOnLessons() {
        noClasses().that().resideInAPackage("org.diolab.live..")
                .should().dependOnClassesThat().resideInAPackage("org.diolab.lesson..")
                .check(MAIN);
    }

    @Test
    void theLiveEngineDoesNotKnowTheKernelLab() {
        // The kernel lab builds on the live engine (bench --shared-file for the ext4 convoy), never the reverse.
        noClasses().that().resideInAPackage("org.diolab.live").or().resideInAPackage("org.diolab.perf..")
                .or().resideInAPackage("org.diolab.lesson..")
                .should().dependOnClassesThat().resideInAPackage("org.diolab.live.kernel..").check(MAIN);
    }

    @Test
    void appAndCliDoNotDependOnEachOther() {
        noClasses().that().resideInAPackage("org.diolab.app..")
                .should().dependOnClassesThat().resideInAPackage("org.diolab.cli..").check(MAIN);
        noClasses().that().resideInAPackage("org.diolab.cli..")
                .should().dependOnClassesThat().resideInAPackage("org.diolab.app..").check(MAIN);
    }

    @Test
    void onlyTheCliWritesToStdout() {
        noClasses().that().resideOutsideOfPackage("org.diolab.cli..")
                .should().accessField(System.class, "out")
                .check(MAIN);
    }
}
