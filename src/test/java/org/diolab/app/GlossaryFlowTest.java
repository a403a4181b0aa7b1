package org.diolab.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.diolab.app.FxTestSupport.click;
import static org.diolab.app.FxTestSupport.onFx;
import static org.diolab.app.FxTestSupport.text;

import java.util.List;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TabPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.diolab.app.lesson.LessonViewModel;
import org.diolab.app.ui.TermText;
import org.diolab.app.ui.TermTips;
import org.diolab.lesson.glossary.GlossaryEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.robot.Motion;

/** Issue 20: a student reads any kernel term where it appears, and looks terms up in the Glossary tab. */
@ExtendWith(ApplicationExtension.class)
class GlossaryFlowTest {
    private MainWindow window;
    private LessonViewModel vm;

    @Start
    void start(Stage stage) {
        vm = new LessonViewModel();
        window = FxTestSupport.show(stage, vm);
        window.openLesson("async-csum-pipelining");
    }

    @Test
    void theNarrationMarksItsKernelTermsAndClickingOneOpensItsEntry(FxRobot robot) throws Exception {
        int step = onFx(() -> {
            for (int i = 0; i <= vm.lastIndexProperty().get(); i++) {
                vm.goTo(i);
                if (narration(robot).getText().contains("bi_iter")) {
                    return i;
                }
            }
            return -1;
        });
        assertThat(step).as("a step whose narration names bi_iter").isNotNegative();
        List<GlossaryEntry> marked = onFx(() -> narration(robot).terms());
        assertThat(marked).extracting(GlossaryEntry::term).contains("bi_iter");
        Text term = onFx(() -> narration(robot).getChildren().stream()
                .filter(n -> n instanceof Text t && t.getText().equals("bi_iter"))
                .map(n -> (Text) n)
                .findFirst()
                .orElseThrow());
        assertThat(onFx(() -> TermTips.installed(term).orElseThrow().getText()))
                .as("what the pointer resting on it shows")
                .startsWith("bi_iter — ")
                .contains("Source: ");
        robot.clickOn(term, Motion.DIRECT);
        FxTestSupport.waitUntil(
                10,
                () -> centre(robot)
                        .getSelectionModel()
                        .getSelectedItem()
                        .getId()
                        .equals("tab-glossary"));
        assertThat(text(robot, "#glossary-term")).isEqualTo("bi_iter");
        assertThat(text(robot, "#glossary-definition")).isNotBlank();
        FxTestSupport.waitUntil(
                60, () -> robot.lookup(".glossary-used-in").tryQuery().isPresent());
        assertThat(
                        onFx(() -> robot
                                .lookup(".glossary-used-in .hyperlink")
                                .queryAllAs(javafx.scene.control.Hyperlink.class)
                                .stream()
                                .map(javafx.scene.control.Hyperlink::getText)
                                .toList()))
                .contains("async-csum-pipelining");
        FxTestSupport.shoot(window, "glossary-bi-iter");
    }

    @Test
    void theGlossarySearchFindsATermByPartOfItsNameAndSaysWhatIsNearWhenNothingMatches(FxRobot robot) throws Exception {
        click(robot, "Glossary");
        onFx(() -> {
            window.glossaryView().searchField().setText("end_i"); // what typing into the search box does
            return null;
        });
        FxTestSupport.waitUntil(10, () -> text(robot, "#glossary-status").matches("\\d+ of \\d+ terms"));
        assertThat(onFx(() -> robot.lookup("#glossary-list")
                        .queryListView()
                        .getItems()
                        .getFirst()))
                .as("a name that contains the search comes before a definition that does")
                .extracting(e -> ((GlossaryEntry) e).term())
                .isEqualTo("end_io");
        assertThat(text(robot, "#glossary-term")).isEqualTo("end_io");
        onFx(() -> {
            window.glossaryView().searchField().setText("bi_itr");
            return null;
        });
        assertThat(text(robot, "#glossary-status"))
                .contains("No term matches 'bi_itr'")
                .contains("bi_iter");
    }

    /** Issue 20: "bi_iter" showed as "biiter", "end_io" as "endio" — mnemonic parsing of the choices' text. */
    @Test
    void quizChoicesShowTheirUnderscoresAndExplainTheirTerms(FxRobot robot) {
        click(robot, "Quiz");
        RadioButton choice = onFx(() -> robot.lookup(".radio-button").queryAllAs(RadioButton.class).stream()
                .filter(r -> r.getText().contains("bi_iter"))
                .findFirst()
                .orElseThrow());
        String drawn = onFx(() -> ((Text) choice.lookup(".text")).getText());
        assertThat(drawn).as("the text drawn on the screen").contains("bi_iter");
        RadioButton endIo = onFx(() -> robot.lookup(".radio-button").queryAllAs(RadioButton.class).stream()
                .filter(r -> r.getText().startsWith("Nothing: end_io"))
                .findFirst()
                .orElseThrow());
        assertThat(onFx(() -> ((Text) endIo.lookup(".text")).getText())).startsWith("Nothing: end_io");
        assertThat(onFx(() -> TermTips.installed(choice).orElseThrow().getText()))
                .contains("bi_iter — ");
        FxTestSupport.shoot(window, "quiz-underscores");
    }

    private static TermText narration(FxRobot robot) {
        return robot.lookup("#narration-text").queryAs(TermText.class);
    }

    private static TabPane centre(FxRobot robot) {
        return robot.lookup(".center-tabs").queryAs(TabPane.class);
    }
}
