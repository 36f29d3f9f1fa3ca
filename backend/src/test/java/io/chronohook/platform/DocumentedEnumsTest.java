package io.chronohook.platform;

import static org.assertj.core.api.Assertions.assertThat;

import io.chronohook.access.MemberRole;
import io.chronohook.access.Scope;
import io.chronohook.alert.AlertKind;
import io.chronohook.job.JobDefinition;
import io.chronohook.job.JobState;
import io.chronohook.schedule.RunState;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The closed sets the published document lists (docs/openapi.json) are exactly the values the code writes and
 * accepts: a state, role or policy added to an enum and not to the document (or the reverse) fails here.
 */
class DocumentedEnumsTest {

    static Stream<Arguments> enums() {
        return Stream.of(
                // A deleted job is never shown: reading it answers 404.
                pair("JobView", "state", Arrays.stream(JobState.values()).filter(state -> state != JobState.DELETED)
                        .toArray(JobState[]::new), JobState::wire),
                pair("RunView", "state", RunState.values(), RunState::wire),
                pair("MemberView", "role", MemberRole.values(), MemberRole::wire),
                pair("InviteRequest", "role", MemberRole.values(), MemberRole::wire),
                pair("AlertView", "type", AlertKind.values(), AlertKind::wire),
                pair("ScheduleSpec", "type", JobDefinition.ScheduleType.values(), JobDefinition.ScheduleType::wire),
                pair("JobRequest", "priority", JobDefinition.Priority.values(), JobDefinition.Priority::wire),
                pair("JobRequest", "missedRunPolicy", JobDefinition.MissedRunPolicy.values(),
                        JobDefinition.MissedRunPolicy::wire),
                pair("JobRequest", "overlapPolicy", JobDefinition.OverlapPolicy.values(),
                        JobDefinition.OverlapPolicy::wire),
                pair("JobRequest", "deliverySemantics", JobDefinition.DeliverySemantics.values(),
                        JobDefinition.DeliverySemantics::wire),
                pair("JobView", "priority", JobDefinition.Priority.values(), JobDefinition.Priority::wire),
                pair("CreateApiKeyRequest", "scopes", Scope.values(), Scope::wire));
    }

    @ParameterizedTest(name = "{0}.{1}")
    @MethodSource("enums")
    void theDocumentListsEveryValueAndNoOther(String schema, String property, Set<String> code) throws IOException {
        JsonNode document = JsonMapper.builder().build().readTree(Files.readString(ApiContractTest.CONTRACT));
        JsonNode field = document.path("components").path("schemas").path(schema).path("properties").path(property);
        JsonNode values = field.has("items") ? field.path("items").path("enum") : field.path("enum");
        Set<String> documented = new LinkedHashSet<>();
        values.forEach(value -> documented.add(value.asString()));
        assertThat(documented).as("%s.%s in docs/openapi.json", schema, property)
                .containsExactlyInAnyOrderElementsOf(code);
    }

    private static <E> Arguments pair(String schema, String property, E[] values, Function<E, String> wire) {
        return Arguments.of(schema, property,
                Arrays.stream(values).map(wire).collect(Collectors.toCollection(LinkedHashSet::new)));
    }
}
