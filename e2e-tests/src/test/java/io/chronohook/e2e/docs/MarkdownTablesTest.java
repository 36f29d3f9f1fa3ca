package io.chronohook.e2e.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every table in the project's Markdown (docs/, README.md, module READMEs) renders as one table. */
class MarkdownTablesTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void everyTableInTheDocsRendersAsOneTable() throws IOException {
        List<String> problems = new ArrayList<>();
        List<Path> files = markdownFiles();
        assertThat(files).as("Markdown files found under " + ROOT).hasSizeGreaterThan(10);
        for (Path file : files) {
            MarkdownTables.problems(Files.readAllLines(file))
                    .forEach(problem -> problems.add(ROOT.relativize(file) + " " + problem));
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void aBlankLineInsideATableIsFound() {
        List<String> cut = List.of("| a | b |", "| --- | --- |", "| 1 | 2 |", "", "| 3 | 4 |", "", "text");
        assertThat(MarkdownTables.problems(cut)).singleElement()
                .satisfies(problem -> assertThat(problem.line()).isEqualTo(5));
    }

    @Test
    void aRowWithAnUnescapedPipeIsFoundAndAnEscapedOneIsNot() {
        List<String> table = List.of("| flag | values |", "| --- | --- |", "| `priority` | `high\\|low` |",
                "| `bad` | `high|low` |");
        assertThat(MarkdownTables.problems(table)).singleElement()
                .satisfies(problem -> assertThat(problem.line()).isEqualTo(4));
    }

    @Test
    void tablesInsideFencedCodeAreLeftAlone() {
        List<String> fenced = List.of("```", "| not | a table |", "```", "| a |", "| --- |", "| 1 |");
        assertThat(MarkdownTables.problems(fenced)).isEmpty();
    }

    private static List<Path> markdownFiles() throws IOException {
        try (Stream<Path> walk = Files.walk(ROOT)) {
            return walk.filter(path -> path.toString().endsWith(".md"))
                    .filter(path -> {
                        String relative = ROOT.relativize(path).toString();
                        return !relative.contains("/target/") && !relative.startsWith(".") && !relative.contains("/.")
                                && !relative.contains("node_modules");
                    })
                    .sorted().toList();
        }
    }
}
