import type { DomainError } from '@cc/platform';
import { deciderSpec } from '@cc/platform/testing/deciderSpec';
import type { DbqSourceEntry } from './dbqSource';
import { dbqCatalogueDecider, decideDownload, type DbqCatalogueCommand, type DbqCatalogueEvent } from './decider';

const knee: DbqSourceEntry = {
  dbqId: '21-0960M-9',
  title: 'Knee and Lower Leg Conditions',
  category: 'Muscles and bones (musculoskeletal)',
  conditionGroup: 'Knee and lower leg conditions',
  fileUrl: 'https://www.vba.va.gov/pubs/forms/VBA-21-0960M-9-ARE.pdf',
};
const sleep: DbqSourceEntry = {
  dbqId: '21-0960L-2',
  title: 'Sleep Apnea',
  category: 'Lungs and breathing (respiratory)',
  conditionGroup: 'Sleep apnea',
  fileUrl: 'https://www.vba.va.gov/pubs/forms/VBA-21-0960L-2-ARE.pdf',
};
const SOURCE = 'VA website';
const added = (e: DbqSourceEntry): Extract<DbqCatalogueEvent, { type: 'DbqAdded' }> => {
  const { dbqId, title, category, conditionGroup, fileUrl } = e;
  return { type: 'DbqAdded', data: { dbqId, title, category, conditionGroup, fileUrl, source: 'bundled catalogue' } };
};

const { given } = deciderSpec(dbqCatalogueDecider);
const sync = (...entries: DbqSourceEntry[]): DbqCatalogueCommand => ({ type: 'SyncDbqCatalogue', data: { entries, source: SOURCE } });

describe('DBQ catalogue decider', () => {
  it('adds what is new', () => {
    given()
      .when(sync(knee, sleep))
      .then([
        { type: 'DbqAdded', data: { ...added(knee).data, source: SOURCE } },
        { type: 'DbqAdded', data: { ...added(sleep).data, source: SOURCE } },
      ]);
  });

  it('changes nothing when the source lists the catalogue as it is (a second sync adds nothing)', () => {
    given(added(knee), added(sleep)).when(sync(sleep, knee)).then([]);
  });

  it('updates only the fields that changed, and lists a form once however often the source does', () => {
    const renamed = { ...knee, title: 'Knee and Lower Leg Conditions (revised)' };
    given(added(knee), added(sleep))
      .when(sync(renamed, sleep, renamed))
      .then([{ type: 'DbqUpdated', data: { dbqId: knee.dbqId, changes: { title: renamed.title }, reinstated: false, source: SOURCE } }]);
  });

  it('retires an active DBQ the source no longer lists, and brings it back when it is listed again', () => {
    const retired: DbqCatalogueEvent = {
      type: 'DbqRetired',
      data: { dbqId: sleep.dbqId, reason: 'No longer listed on the source', source: SOURCE },
    };
    given(added(knee), added(sleep)).when(sync(knee)).then([retired]);
    given(added(knee), added(sleep), retired).when(sync(knee)).then([]);
    given(added(knee), added(sleep), retired)
      .when(sync(knee, sleep))
      .then([{ type: 'DbqUpdated', data: { dbqId: sleep.dbqId, changes: {}, reinstated: true, source: SOURCE } }]);
  });

  it('records a download of an active DBQ and refuses an inactive or unknown one', () => {
    const { state } = given(added(knee), added(sleep), {
      type: 'DbqRetired',
      data: { dbqId: sleep.dbqId, reason: 'gone', source: SOURCE },
    });
    expect(decideDownload(state, knee.dbqId, 'user-1')).toEqual({
      event: { type: 'DbqDownloaded', data: { dbqId: knee.dbqId, userId: 'user-1' } },
      fileUrl: knee.fileUrl,
    });
    const refusal = (id: string) => {
      try {
        decideDownload(state, id, 'user-1');
      } catch (error) {
        return error as DomainError;
      }
      throw new Error('expected a refusal');
    };
    expect(refusal(sleep.dbqId)).toMatchObject({
      code: 'conflict',
      problem: { title: 'Download Unavailable', detail: "This form's PDF is not currently available" },
    });
    expect(refusal('21-0960Z-1')).toMatchObject({ code: 'not-found' });
  });
});
