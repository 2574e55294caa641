import { GetCommand, TransactWriteCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Language } from '../../../schemas/collections';
import { UserNotFoundException } from '../../core/users/errors';
import type { UserRepository } from '../../core/users/ports';
import type { User } from '../../core/users/user';
import { keys, stripKeys } from './keys';
import { isConditionFailure } from './transactions';

export class DynamoUserRepository implements UserRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async get(id: string): Promise<User | undefined> {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.user(id) }));
    return res.Item ? stripKeys<User>(res.Item) : undefined;
  }

  async put(user: User): Promise<void> {
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.tableName,
              Item: { ...keys.userEmailGuard(user.email), userId: user.id },
              ConditionExpression: 'attribute_not_exists(pk) OR userId = :id',
              ExpressionAttributeValues: { ':id': user.id },
            },
          },
          { Put: { TableName: this.tableName, Item: { ...user, ...keys.user(user.id), entity: 'user' } } },
        ],
      }),
    );
  }

  async setLanguage(id: string, language: Language, updatedAt: string): Promise<User> {
    try {
      const res = await this.doc.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.user(id),
          UpdateExpression: 'SET #l = :l, updatedAt = :u',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#l': 'language' },
          ExpressionAttributeValues: { ':l': language, ':u': updatedAt },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return stripKeys<User>(res.Attributes ?? {});
    } catch (error) {
      if (isConditionFailure(error)) throw new UserNotFoundException();
      throw error;
    }
  }
}
