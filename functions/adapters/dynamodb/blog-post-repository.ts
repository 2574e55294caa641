import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BlogPost, BlogPostSummary } from '#schemas/blog-post';
import type { Total } from '#schemas/paging';
import { BlogPostChangedConcurrentlyException, DuplicateBlogPostSlugException } from '../../core/blog-posts/errors';
import type { BlogPostRepository } from '../../core/blog-posts/use-cases';
import { counterUpdate, forgetCounter, readCounter } from './counters';
import * as keys from './keys';
import { queryPage } from './paging';
import { recordSchema } from './records';
import { failedConditionIndex } from './transactions';

export const blogPostRecord = recordSchema<BlogPost>('blogPost', BlogPost);
const blogPostSummaryRecord = recordSchema('blogPost', BlogPostSummary);

/** Blog posts (ACCESS-PATTERNS BP1–BP3): one item each, listed by creation in gsi1, a guard item per slug. */
export class DynamoBlogPostRepository implements BlogPostRepository {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private item(p: BlogPost) {
    return { ...p, ...keys.blogPost(p.id), ...keys.blogPostByCreation(p.createdAt, p.id), entity: 'blogPost' };
  }

  private guardPut(p: BlogPost) {
    return {
      Put: { TableName: this.tableName, Item: { ...keys.blogPostSlugGuard(p.slug), blogPostId: p.id }, ConditionExpression: 'attribute_not_exists(pk)' },
    };
  }

  async get(id: string) {
    const res = await this.doc.send(new GetCommand({ TableName: this.tableName, Key: keys.blogPost(id) }));
    return res.Item ? blogPostRecord.read(res.Item) : undefined;
  }

  async listSlice(s: { offset: number; limit: number; ordType: 'asc' | 'desc'; cursor?: string }) {
    const page = await queryPage(this.doc, {
      tableName: this.tableName,
      index: 'gsi1',
      partition: keys.blogPostsPk,
      forward: s.ordType === 'asc',
      offset: s.offset,
      limit: s.limit,
      cursor: s.cursor,
    });
    return { items: page.items.map((i) => blogPostSummaryRecord.read(i)), ...(page.cursor ? { cursor: page.cursor } : {}) };
  }

  async count(): Promise<Total> {
    return { count: await readCounter(this.doc, this.tableName, keys.blogPostsCounterName) };
  }

  async create(p: BlogPost) {
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            this.guardPut(p),
            { Put: { TableName: this.tableName, Item: this.item(p), ConditionExpression: 'attribute_not_exists(pk)' } },
            counterUpdate(this.tableName, keys.blogPostsCounterName, { count: 1 })!,
          ],
        }),
      );
    } catch (error) {
      if (failedConditionIndex(error) === 0) throw new DuplicateBlogPostSlugException();
      throw error;
    }
    forgetCounter(keys.blogPostsCounterName);
  }

  async update(current: BlogPost, next: BlogPost) {
    const reslugged = current.slug !== next.slug;
    const guards = reslugged
      ? [
          this.guardPut(next),
          {
            Delete: {
              TableName: this.tableName,
              Key: keys.blogPostSlugGuard(current.slug),
              ConditionExpression: 'blogPostId = :id',
              ExpressionAttributeValues: { ':id': current.id },
            },
          },
        ]
      : [];
    try {
      await this.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            ...guards,
            {
              Put: {
                TableName: this.tableName,
                Item: this.item(next),
                ConditionExpression: 'attribute_exists(pk) AND updatedAt = :v',
                ExpressionAttributeValues: { ':v': current.updatedAt },
              },
            },
          ],
        }),
      );
    } catch (error) {
      const failed = failedConditionIndex(error);
      if (failed === 0 && reslugged) throw new DuplicateBlogPostSlugException();
      if (failed >= 0) throw new BlogPostChangedConcurrentlyException();
      throw error;
    }
  }
}
