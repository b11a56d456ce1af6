import { describeEventQueryCases } from '../../../testing/event-query-cases.ts';

describeEventQueryCases('the embedded SQLite index');
