import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import type { StageConfig } from './stage';

export interface AlarmTopicProps {
  stage: StageConfig;
  /** Subscribed to the topic (the address confirms by e-mail); none: subscribe after deploy. */
  email?: string;
}

/**
 * The stage's alarm topic, `vend-<stage>-alarms`: every alarm of the stage notifies it. Encrypted with a key
 * of its own, since CloudWatch cannot publish to a topic under the AWS-managed SNS key; TLS only.
 */
export class AlarmTopic extends Construct {
  readonly topic: sns.Topic;

  constructor(scope: Construct, id: string, props: AlarmTopicProps) {
    super(scope, id);
    const key = new kms.Key(this, 'Key', {
      description: `Encrypts the alarm topic of stage ${props.stage.name}`,
      enableKeyRotation: true,
      removalPolicy: props.stage.removalPolicy,
    });
    key.grant(new iam.ServicePrincipal('cloudwatch.amazonaws.com'), 'kms:Decrypt', 'kms:GenerateDataKey*');
    this.topic = new sns.Topic(this, 'Topic', {
      topicName: props.stage.physicalName('alarms'),
      displayName: `Vending console alarms (${props.stage.name})`,
      masterKey: key,
      enforceSSL: true,
    });
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email));
  }
}

/** Tells the topic when the alarm goes into ALARM and when it is OK again. */
export function notify(alarm: cloudwatch.Alarm, topic: sns.ITopic | undefined): void {
  if (!topic) return;
  const action = new actions.SnsAction(topic);
  alarm.addAlarmAction(action);
  alarm.addOkAction(action);
}
