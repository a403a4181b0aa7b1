package org.diolab.live.kernel.trace;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The kernel trace's parts point one way: text (parsing) ← meaning ← view (the app's picture) ← export, and the
 * recording on top of them; text, meaning and view are pure (no files, no clocks), so a recorded fixture gives the
 * same reading and the same picture every time. The trace uses
 * nothing else of DIO Lab's, so the lab can use it from wherever its files end up, and no JavaFX.
 */
@AnalyzeClasses(packages = "org.diolab.live.kernel.trace", importOptions = ImportOption.DoNotIncludeTests.class)
class TracePackagesArchitectureTest {
    private static final String TRACE = "org.diolab.live.kernel.trace";

    @ArchTest
    static final ArchRule usesNothingElseOfOursAndNoJavaFx = noClasses()
            .that()
            .resideInAPackage(TRACE + "..")
            .should()
            .dependOnClassesThat(resideInAPackage("org.diolab..").and(resideOutsideOfPackage(TRACE + "..")))
            .orShould()
            .dependOnClassesThat()
            .resideInAPackage("javafx..");

    @ArchTest
    static final ArchRule textKnowsNoOtherPart = noClasses()
            .that()
            .resideInAPackage(TRACE + ".text")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(TRACE, TRACE + ".meaning", TRACE + ".export", TRACE + ".view");

    @ArchTest
    static final ArchRule meaningKnowsOnlyText = noClasses()
            .that()
            .resideInAPackage(TRACE + ".meaning")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(TRACE, TRACE + ".export", TRACE + ".view");

    @ArchTest
    static final ArchRule theViewKnowsOnlyTextAndMeaning = noClasses()
            .that()
            .resideInAPackage(TRACE + ".view")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(TRACE, TRACE + ".export");

    @ArchTest
    static final ArchRule exportDoesNotKnowTheRecording = noClasses()
            .that()
            .resideInAPackage(TRACE + ".export")
            .should()
            .dependOnClassesThat()
            .resideInAPackage(TRACE);

    @ArchTest
    static final ArchRule textAndMeaningArePure = noClasses()
            .that()
            .resideInAnyPackage(TRACE + ".text", TRACE + ".meaning", TRACE + ".view")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("java.io..", "java.nio..", "java.time..", "java.lang.foreign..")
            .orShould()
            .callMethod(System.class, "nanoTime")
            .orShould()
            .callMethod(System.class, "currentTimeMillis");
}
