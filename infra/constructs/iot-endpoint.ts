import * as cr from 'aws-cdk-lib/custom-resources';
import { Stack } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { acknowledge } from './nag';

/** Construct id of the AwsCustomResource singleton function (aws-cdk-lib). */
const AWS_CUSTOM_RESOURCE_SINGLETON = 'AWS679f53fac002430cb0da5b7982bd2287';

export interface IotEndpointProps {
  /** Known endpoint (context `iotEndpoint`): no custom resource is created. */
  endpoint?: string;
}

/**
 * The account's IoT data-plane (ATS) endpoint host name: from context when given, else looked up at deploy
 * time with a DescribeEndpoint custom resource.
 */
export class IotEndpoint extends Construct {
  readonly address: string;

  constructor(scope: Construct, id: string, props: IotEndpointProps = {}) {
    super(scope, id);
    if (props.endpoint) {
      this.address = props.endpoint;
      return;
    }
    const lookup = new cr.AwsCustomResource(this, 'DescribeEndpoint', {
      onUpdate: {
        service: 'iot',
        action: 'DescribeEndpoint',
        parameters: { endpointType: 'iot:Data-ATS' },
        physicalResourceId: cr.PhysicalResourceId.of('iot-data-ats-endpoint'),
      },
      policy: cr.AwsCustomResourcePolicy.fromSdkCalls({ resources: cr.AwsCustomResourcePolicy.ANY_RESOURCE }),
      installLatestAwsSdk: false,
    });
    acknowledge(
      lookup,
      'AwsSolutions-IAM5',
      'iot:DescribeEndpoint supports no resource-level permissions; it is the only action this custom resource may call.',
      ['Resource::*'],
    );
    // The AwsCustomResource handler is a stack-level singleton owned by aws-cdk-lib.
    const handler = Stack.of(this).node.tryFindChild(AWS_CUSTOM_RESOURCE_SINGLETON);
    if (handler) {
      acknowledge(handler, 'AwsSolutions-IAM4', 'aws-cdk-lib AwsCustomResource handler: AWSLambdaBasicExecutionRole only lets it write its own logs.', [
        'Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole',
      ]);
    }
    this.address = lookup.getResponseField('endpointAddress');
  }
}
