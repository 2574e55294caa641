/**
 * The audit trail's alarms (issue 28): each fires on the first count in five minutes of a metric that says a call's
 * entry did not come the normal way, and notifies the stage's alarm topic.
 */
import { Duration } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type { Construct } from 'constructs';
import { METRIC, METRICS_NAMESPACE } from '../../functions/runtime/metrics';
import { notify } from './alarms';
import type { StageConfig } from './stage';

export const AUDIT_TRAIL_ALARMS = [
  {
    id: 'AuditTrailWriteFailuresAlarm',
    name: 'audit-trail-write-failures',
    metric: METRIC.auditTrailWriteFailures,
    description:
      'An audit trail entry could not be appended (its content is in the API function’s error log, "audit trail entry not written"). A call that had written to the table left its intent: the audit sweep appends it within minutes; one that had not answered 500 AuditTrailWriteFailedException.',
  },
  {
    id: 'AuditTrailChangesUnrecordedAlarm',
    name: 'audit-trail-changes-unrecorded',
    metric: METRIC.auditTrailChangesUnrecorded,
    description:
      'A call wrote to the table without recording its before → after (log "change not recorded" names the route): its use case misses its recordChange.',
  },
  {
    id: 'AuditTrailIntentsRecoveredAlarm',
    name: 'audit-trail-intents-recovered',
    metric: METRIC.auditTrailIntentsRecovered,
    description:
      'The audit sweep appended entries from intents calls left behind (their function ended before its entry: a crash, a timeout, a failed append). The sweep’s log names each call; look for the function’s errors at that time.',
  },
] as const;

export function auditTrailAlarms(scope: Construct, stage: StageConfig, topic: sns.ITopic | undefined): cloudwatch.Alarm[] {
  return AUDIT_TRAIL_ALARMS.map((a) => {
    const alarm = new cloudwatch.Metric({
      namespace: METRICS_NAMESPACE,
      metricName: a.metric,
      dimensionsMap: { stage: stage.name },
      statistic: cloudwatch.Stats.SUM,
      period: Duration.minutes(5),
    }).createAlarm(scope, a.id, {
      alarmName: stage.physicalName(a.name),
      alarmDescription: a.description,
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    notify(alarm, topic);
    return alarm;
  });
}
