import type { Scheduling } from '@carta/contract/entities';
import { SaveSchedulingsRequestSchema } from '@carta/contract/tables';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessageKey } from '../../lib/i18n.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useSaveSchedulings } from './api/save-schedulings.ts';
import { draftOf, issuesByRule, type RuleDraft, requestOf, timedRuleOf } from './rule-draft.ts';
import { overlapNotice } from './schedule-summary.ts';

/**
 * A menu's rules while the owner edits them: what changed since the last save, the issues by rule, the
 * overlap notice, and saving (checked here first, so each issue shows on its rule's field).
 */
export const useSchedulingRules = (clubId: string, menuId: string, initial: Scheduling[]) => {
  const { t } = useTranslation();
  const write = useSaveSchedulings(clubId, menuId);
  const runSave = useMutationWithToast(write);
  const [rules, setRules] = useState<RuleDraft[]>(() => initial.map(draftOf));
  const [saved, setSaved] = useState(() => JSON.stringify(requestOf(initial.map(draftOf))));
  const [issues, setIssues] = useState<Record<string, Record<string, string>>>({});
  const isDirty = JSON.stringify(requestOf(rules)) !== saved;

  const save = async () => {
    const request = requestOf(rules);
    const parsed = SaveSchedulingsRequestSchema.safeParse(request);
    if (!parsed.success) {
      setIssues(issuesByRule(parsed.error.issues, rules, (message) => translateMessageKey(t, message)));
      return;
    }
    setIssues({});
    const failure = await runSave(parsed.data, t('schedulings.saved'));
    if (failure === null) setSaved(JSON.stringify(request));
  };

  return {
    rules,
    issues,
    isDirty,
    isSaving: write.isPending,
    overlap: overlapNotice(rules.map(timedRuleOf), t),
    save,
    add: () => setRules((current) => [...current, draftOf()]),
    change: (index: number, changed: RuleDraft) =>
      setRules((current) => current.map((candidate, position) => (position === index ? changed : candidate))),
    remove: (index: number) => setRules((current) => current.filter((_, position) => position !== index)),
  };
};
