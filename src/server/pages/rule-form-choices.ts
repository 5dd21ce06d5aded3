import { intervalWords, minutesInWords } from "../alerts/describe-alert-rule";
import type { RuleTargets } from "../alerts/list-rule-targets";
import type { NotificationChannelView } from "../alerts/notification-channel-view";
import { actionIntervalChoices, frequencyIntervalChoices, levelChoices } from "../alerts/rule-form";

/** What the rule form's selects offer: people, teams, channels (names and slugs only), intervals and levels. */
export function ruleFormChoices(targets: RuleTargets, channels: NotificationChannelView[]) {
  return {
    people: targets.people,
    teams: targets.teams,
    channels: channels.map((channel) => ({ slug: channel.slug, name: channel.name, kind: channel.kind })),
    actionIntervals: actionIntervalChoices.map((minutes) => ({ minutes, label: minutesInWords(minutes) })),
    frequencyIntervals: frequencyIntervalChoices.map((value) => ({ value, label: intervalWords[value] ?? value })),
    levels: levelChoices,
  };
}
