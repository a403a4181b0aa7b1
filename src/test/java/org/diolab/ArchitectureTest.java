package org.diolab;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The layers point one way: engine ← live, perf, lesson ← app, cli. The engine is pure (no JavaFX, no I/O, no
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

    /** Views draw what their view model says (STYLE.md): the engine's steps, its schedulers and the disk are not theirs. */
    @Test
    void viewsDoNotReachIntoTheEngineStepsSchedulersOrTheLiveBackend() {
        noClasses().that().resideInAPackage("org.diolab.app..")
                .and(assignableTo(javafx.scene.Node.class).or(assignableTo(javafx.scene.control.Skin.class)))
                .should().dependOnClassesThat().resideInAnyPackage("org.diolab.engine.step..",
                        "org.diolab.engine.explore..", "org.diolab.live..")
                .check(MAIN);
    }

    /** View models hold UI logic and never touch a control, so they are tested without starting JavaFX. */
    @Test
    void viewModelsTouchNoControls() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..", "javafx.stage..")
                .check(MAIN);
    }

    /** No package needs a package that needs it back (app and app.stage included). */
    @Test
    void packagesAreFreeOfCycles() {
        slices().matching("org.diolab.(**)").should().beFreeOfCycles().check(MAIN);
    }
}
