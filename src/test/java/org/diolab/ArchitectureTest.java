package org.diolab;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * The layers point one way: engine ← live, perf, lesson ← app, cli (lesson may use live to check a lesson's live
 * jobs; sys, the native layer, sits under the live engine and the kernel lab and is theirs alone; io, the bounded
 * reading of user files, is usable by all and uses none). The engine is pure (no JavaFX, no
 * I/O, no clocks), so the same input gives the same trace; only the CLI prints.
 *
 * <p>Rules are {@code @ArchTest} fields over the same {@code @AnalyzeClasses} as the other architecture tests, so the
 * classes are imported once per test run, not once per test class.
 */
@AnalyzeClasses(packages = "org.diolab", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchRule engineUsesNoJavaFx = noClasses()
            .that()
            .resideInAPackage("org.diolab.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("javafx..");

    @ArchTest
    static final ArchRule engineDoesNoFileOrNetworkIo = noClasses()
            .that()
            .resideInAPackage("org.diolab.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "java.io..",
                    "java.nio.file..",
                    "java.nio.channels..",
                    "java.net..",
                    "java.lang.foreign..",
                    "java.util.concurrent..");

    @ArchTest
    static final ArchRule engineReadsNoClock = noClasses()
            .that()
            .resideInAPackage("org.diolab.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("java.time..")
            .orShould()
            .callMethod(System.class, "currentTimeMillis")
            .orShould()
            .callMethod(System.class, "nanoTime")
            .orShould()
            .dependOnClassesThat()
            .haveFullyQualifiedName("java.util.Random");

    @ArchTest
    static final ArchRule engineDependsOnNoOtherPackageOfOurs = noClasses()
            .that()
            .resideInAPackage("org.diolab.engine..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "org.diolab.app..",
                    "org.diolab.cli..",
                    "org.diolab.lesson..",
                    "org.diolab.live..",
                    "org.diolab.perf..");

    @ArchTest
    static final ArchRule lessonLivePerfDoNotReachUp = noClasses()
            .that()
            .resideInAnyPackage("org.diolab.lesson..", "org.diolab.live..", "org.diolab.perf..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.diolab.app..", "org.diolab.cli..", "javafx..");

    /**
     * The kernel lab builds on the live engine (bench --shared-file for the ext4 convoy), never the reverse; lessons
     * and the perf model do not know it either (a lesson names scenarios by id, checked against the lab's registry
     * by a test).
     */
    @ArchTest
    static final ArchRule theLiveEngineDoesNotKnowTheKernelLab = noClasses()
            .that(resideInAnyPackage("org.diolab.live..", "org.diolab.perf..", "org.diolab.lesson..")
                    .and(resideOutsideOfPackage("org.diolab.live.kernel..")))
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.diolab.live.kernel..");

    /** The native layer (libc, raw kernel calls, mountinfo, helper threads) is the live engine's and the lab's. */
    @ArchTest
    static final ArchRule onlyTheLiveEngineAndTheKernelLabUseTheNativeLayer = noClasses()
            .that()
            .resideOutsideOfPackages("org.diolab.sys..", "org.diolab.live..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.diolab.sys..");

    /** The native layer is the bottom: it uses nothing of ours. */
    @ArchTest
    static final ArchRule theNativeLayerDependsOnNothingOfOurs = noClasses()
            .that()
            .resideInAPackage("org.diolab.sys..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "org.diolab.app..",
                    "org.diolab.cli..",
                    "org.diolab.engine..",
                    "org.diolab.io..",
                    "org.diolab.lesson..",
                    "org.diolab.live..",
                    "org.diolab.perf..");

    /**
     * A kernel-lab scenario is one file: it may use the scenario room's shared helpers (IoLoop, Scribbler,
     * WriteProbe, ResultBuilder) and the registry, never another scenario, so adding or changing one touches no other.
     */
    @ArchTest
    static final ArchRule kernelScenariosDoNotReachIntoEachOther = classes()
            .that()
            .resideInAPackage("org.diolab.live.kernel.scenario..")
            .should(new ArchCondition<JavaClass>("depend on no other scenario") {
                @Override
                public void check(JavaClass c, ConditionEvents events) {
                    JavaClass self = outermost(c);
                    for (Dependency d : c.getDirectDependenciesFromSelf()) {
                        JavaClass target = outermost(d.getTargetClass());
                        if (isScenario(self) && isScenario(target) && !target.equals(self)) {
                            events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                        }
                    }
                }
            });

    private static JavaClass outermost(JavaClass c) {
        JavaClass o = c;
        while (o.getEnclosingClass().isPresent()) {
            o = o.getEnclosingClass().get();
        }
        return o;
    }

    private static boolean isScenario(JavaClass c) {
        return c.isAssignableTo("org.diolab.live.kernel.scenario.LabScenario") && !c.isInterface();
    }

    @ArchTest
    static final ArchRule appDoesNotUseTheCli = noClasses()
            .that()
            .resideInAPackage("org.diolab.app..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.diolab.cli..");

    /**
     * The stage knows nothing of the window (app/ itself, the shell); export draws the stage, the stage knows nothing
     * of export. (app.AppArchitectureTest keeps the stage from every feature, and its own rooms in order.)
     */
    @ArchTest
    static final ArchRule stageAndExportDoNotKnowTheWindow = noClasses()
            .that()
            .resideInAnyPackage("org.diolab.app.stage..", "org.diolab.app.export..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.diolab.app", "org.diolab.app.launch..");

    @ArchTest
    static final ArchRule stageDoesNotKnowExport = noClasses()
            .that()
            .resideInAPackage("org.diolab.app.stage..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.diolab.app.export..");

    /** io, the bounded reading of user files, is usable by every layer and uses none of them. */
    @ArchTest
    static final ArchRule ioDependsOnNothingOfOurs = noClasses()
            .that()
            .resideInAPackage("org.diolab.io..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "org.diolab.app..",
                    "org.diolab.cli..",
                    "org.diolab.engine..",
                    "org.diolab.lesson..",
                    "org.diolab.live..",
                    "org.diolab.perf..");

    @ArchTest
    static final ArchRule liveDoesNotDependOnLessons = noClasses()
            .that()
            .resideInAPackage("org.diolab.live..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("org.diolab.lesson..");

    /**
     * The CLI's present and export commands enter the app only through its launch door and the export API, never the
     * window, its features (each in a room of app/, see app.AppArchitectureTest), the stage or its view models.
     */
    @ArchTest
    static final ArchRule cliUsesTheAppOnlyThroughLaunchAndExport = noClasses()
            .that()
            .resideInAPackage("org.diolab.cli..")
            .should()
            .dependOnClassesThat(resideInAPackage("org.diolab.app..")
                    .and(not(resideInAnyPackage("org.diolab.app.launch..", "org.diolab.app.export.."))));

    @ArchTest
    static final ArchRule onlyTheCliWritesToStdout = noClasses()
            .that()
            .resideOutsideOfPackage("org.diolab.cli..")
            .should()
            .accessField(System.class, "out");

    /** Views draw what their view model says (STYLE.md): the engine's steps, schedulers and the disk are not theirs. */
    @ArchTest
    static final ArchRule viewsDoNotReachIntoTheEngineStepsSchedulersOrTheLiveBackend = noClasses()
            .that()
            .resideInAPackage("org.diolab.app..")
            .and(assignableTo(javafx.scene.Node.class).or(assignableTo(javafx.scene.control.Skin.class)))
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.diolab.engine.step..", "org.diolab.engine.explore..", "org.diolab.live..");

    /** View models hold UI logic and never touch a control, so they are tested without starting JavaFX. */
    @ArchTest
    static final ArchRule viewModelsTouchNoControls = noClasses()
            .that()
            .haveSimpleNameEndingWith("ViewModel")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx.scene..", "javafx.stage..");

    /** No package needs a package that needs it back (app's rooms and the stage's included). */
    @ArchTest
    static final ArchRule packagesAreFreeOfCycles =
            slices().matching("org.diolab.(**)").should().beFreeOfCycles();
}
