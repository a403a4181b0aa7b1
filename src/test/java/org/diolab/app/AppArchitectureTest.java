package org.diolab.app;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.util.List;
import org.diolab.app.stage.layout.Anchor;
import org.diolab.app.stage.layout.Crowd;
import org.diolab.app.stage.layout.CrowdGrid;

/**
 * The rooms of the app. The window's shell (app/ itself) puts the features together; a feature (library, lesson,
 * live, ...) knows no other feature's insides, only their small public types and the lesson screen's view model
 * that every screen follows; the services (work, prefs, ui) and the stage know no feature. Inside the stage the
 * rooms point one way: cast ← layout ← cards ← motion ← the stage's control at stage/ (the space-time view beside,
 * on layout), and a card knows of the layout only the names of its parts and the shape of a crowd.
 *
 * <p>The layers of the whole program (engine ← live, lesson ← app) are {@code org.diolab.ArchitectureTest}'s; these
 * rules share its import of the classes.
 */
@AnalyzeClasses(packages = "org.diolab", importOptions = ImportOption.DoNotIncludeTests.class)
class AppArchitectureTest {
    /** A room of the app per feature, each a package under org.diolab.app. */
    static final List<String> FEATURES = List.of(
            "compare",
            "explore",
            "export",
            "history",
            "kernellab",
            "lesson",
            "library",
            "live",
            "numbers",
            "presenter",
            "quiz");

    /** Rooms any feature may use: background work, what is remembered, shared widgets, the stage. */
    static final String[] SERVICES = {
        "org.diolab.app.work..", "org.diolab.app.prefs..", "org.diolab.app.ui..", "org.diolab.app.stage.."
    };

    /** The stage uses the shared widgets (the glossary's tips on its labels) and nothing else of the app. */
    @ArchTest
    static final ArchRule theStageKnowsNeitherTheWindowNorAnyFeature = noClasses()
            .that()
            .resideInAPackage("org.diolab.app.stage..")
            .should()
            .dependOnClassesThat(resideInAPackage("org.diolab.app..")
                    .and(not(resideInAnyPackage("org.diolab.app.stage..", "org.diolab.app.ui.."))));

    @ArchTest
    static final ArchRule servicesKnowNeitherTheWindowNorAnyFeature = noClasses()
            .that()
            .resideInAnyPackage("org.diolab.app.work..", "org.diolab.app.prefs..", "org.diolab.app.ui..")
            .should()
            .dependOnClassesThat(resideInAPackage("org.diolab.app..").and(not(resideInAnyPackage(SERVICES))));

    /** The shell assembles the features; no feature reaches back into it (only the CLI's launch door does). */
    @ArchTest
    static final ArchRule featuresDoNotKnowTheWindow = noClasses()
            .that()
            .resideInAnyPackage(featurePackages())
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("org.diolab.app", "org.diolab.app.launch..");

    @ArchTest
    static final ArchRule featuresMeetOnlyThroughSmallPublicTypesAndTheLessonScreen =
            classes().that().resideInAnyPackage(featurePackages()).should(meetOtherFeaturesOnlyThroughSmallTypes());

    /**
     * cast ← layout ← cards ← motion ← stage/; the camera (cast, layout) serves stage/ alone; the space-time view draws
     * with the layout's arrows. Nothing in a room
     * uses a room to its right, and no room uses the control at stage/.
     */
    @ArchTest
    static final ArchRule theStageRoomsPointOneWay = layeredArchitecture()
            .consideringOnlyDependenciesInLayers()
            .layer("Stage")
            .definedBy("org.diolab.app.stage")
            .layer("Motion")
            .definedBy("org.diolab.app.stage.motion..")
            .layer("Camera")
            .definedBy("org.diolab.app.stage.camera..")
            .layer("Cards")
            .definedBy("org.diolab.app.stage.cards..")
            .layer("SpaceTime")
            .definedBy("org.diolab.app.stage.spacetime..")
            .layer("Layout")
            .definedBy("org.diolab.app.stage.layout..")
            .layer("Cast")
            .definedBy("org.diolab.app.stage.cast..")
            .whereLayer("Stage")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("Motion")
            .mayOnlyBeAccessedByLayers("Stage")
            .whereLayer("Camera")
            .mayOnlyBeAccessedByLayers("Stage")
            .whereLayer("Cards")
            .mayOnlyBeAccessedByLayers("Motion", "Stage")
            .whereLayer("SpaceTime")
            .mayNotBeAccessedByAnyLayer()
            .whereLayer("Layout")
            .mayOnlyBeAccessedByLayers("Camera", "Cards", "Motion", "SpaceTime", "Stage")
            .whereLayer("Cast")
            .mayOnlyBeAccessedByLayers("Layout", "Camera", "Cards", "Motion", "Stage");

    /** A card marks its parts by name and draws crowds in the layout's grid; how the stage is laid out is not its business. */
    @ArchTest
    static final ArchRule cardsKnowOfTheLayoutOnlyPartNamesAndTheCrowdGrid = noClasses()
            .that()
            .resideInAPackage("org.diolab.app.stage.cards..")
            .should()
            .dependOnClassesThat(resideInAPackage("org.diolab.app.stage.layout..")
                    .and(not(belongToAnyOf(Anchor.class, Crowd.class, CrowdGrid.class))));

    /** Views draw, view models decide: the lesson screen's parts are view models too, with no control in them. */
    @ArchTest
    static final ArchRule theLessonScreensPartsTouchNoControls = noClasses()
            .that()
            .resideInAPackage("org.diolab.app.lesson..")
            .and()
            .haveSimpleNameNotEndingWith("View")
            .and()
            .haveSimpleNameNotEndingWith("Bar")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("javafx.scene..", "javafx.stage..");

    private static String[] featurePackages() {
        return FEATURES.stream().map(f -> "org.diolab.app." + f + "..").toArray(String[]::new);
    }

    /** The feature a class belongs to, or null for the shell, a service, the stage or anything outside the app. */
    private static String featureOf(JavaClass c) {
        String p = c.getPackageName();
        if (!p.startsWith("org.diolab.app.")) {
            return null;
        }
        String room = p.substring("org.diolab.app.".length()).split("\\.")[0];
        return FEATURES.contains(room) ? room : null;
    }

    /**
     * Another feature is used only through its records, enums and interfaces (a library item, a kernel verdict card),
     * or through the lesson screen's view model, which every screen follows.
     */
    private static ArchCondition<JavaClass> meetOtherFeaturesOnlyThroughSmallTypes() {
        return new ArchCondition<>(
                "use another feature only through its records, enums and interfaces, or the lesson screen") {
            @Override
            public void check(JavaClass c, ConditionEvents events) {
                String mine = featureOf(c);
                for (Dependency d : c.getDirectDependenciesFromSelf()) {
                    JavaClass target = d.getTargetClass();
                    String theirs = featureOf(target);
                    boolean small = target.isRecord() || target.isEnum() || target.isInterface();
                    if (theirs != null && !theirs.equals(mine) && !theirs.equals("lesson") && !small) {
                        events.add(SimpleConditionEvent.violated(d, d.getDescription()));
                    }
                }
            }
        };
    }
}
