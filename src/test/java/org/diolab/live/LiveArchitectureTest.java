package org.diolab.live;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.GeneralCodingRules;

/** The live backend is a library for the CLI and the app: no UI, no printing, no knowledge of its callers. */
@AnalyzeClasses(packages = "org.diolab", importOptions = ImportOption.DoNotIncludeTests.class)
class LiveArchitectureTest {
    @ArchTest
    static final ArchRule noUiAndNoCallers = noClasses()
            .that()
            .resideInAPackage("org.diolab.live..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx..", "org.diolab.app..", "org.diolab.cli..");

    @ArchTest
    static final ArchRule reportsThroughReturnValuesNotStreams =
            noClasses().that().resideInAPackage("org.diolab.live..").should(GeneralCodingRules.ACCESS_STANDARD_STREAMS);
}
