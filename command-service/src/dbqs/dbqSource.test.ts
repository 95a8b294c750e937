import { bundledDbqEntries, parseDbqPage } from './dbqSource';
import { dbqHtmlPage, dbqMarkdownPage, dbqWebComponentPage } from './testing/dbqPage';

/** Two rows as they stand in VA's page source (vagov-content forms.md), lists and entities included. */
const REAL_ROWS = `<ul class="usa-accordion">
<li>
<button class="usa-button-unstyled usa-accordion-button" aria-controls="blood-conditions"><b>Blood (hematologic and lymphatic)</b></button>
<div id="blood-conditions" class="usa-accordion-content">

| Conditions and symptoms | VA form number | DBQ form (PDF) |
| --- | --- | ---|
| **Red and white blood cell conditions** <br> Includes anemia and some types of leukemia and lymphoma | 21-0960B-2 | [Hematologic and Lymphatic Conditions, including Leukemia](https://www.vba.va.gov/pubs/forms/VBA-21-0960B-2-ARE.pdf) |

</div>
</li>
<li>
<button class="usa-button-unstyled usa-accordion-button" aria-controls="digestion"><b>Digestive system (gastrointestinal)</b></button>
<div id="digestion" class="usa-accordion-content">

| Conditions and symptoms | VA form number | DBQ form (PDF) |
| --- | --- | --- |
| **Issues with your gallbladder or pancreas** <br><ul><li>**Gallbladder:** Includes inflammation</li><li>**Pancreas:** Includes pancreatitis</li></ul> | 21-0960G-2 | [Gallbladder and Pancreas Conditions](https://www.vba.va.gov/pubs/forms/VBA-21-0960G-2-ARE.pdf) |
| **Parkinson&rsquo;s disease symptoms** | 21-0960c-1 | [Parkinson's Disease](https://www.vba.va.gov/pubs/forms/VBA-21-0960c-1-ARE.pdf) |

</div>
</li>
</ul>`;

describe("VA's DBQ page", () => {
  const bundled = bundledDbqEntries();

  it('reads rows as VA writes them: category from the accordion, group in bold, title from the link', () => {
    expect(parseDbqPage(REAL_ROWS)).toEqual([
      {
        dbqId: '21-0960B-2',
        title: 'Hematologic and Lymphatic Conditions, including Leukemia',
        category: 'Blood (hematologic and lymphatic)',
        conditionGroup: 'Red and white blood cell conditions',
        fileUrl: 'https://www.vba.va.gov/pubs/forms/VBA-21-0960B-2-ARE.pdf',
      },
      {
        dbqId: '21-0960G-2',
        title: 'Gallbladder and Pancreas Conditions',
        category: 'Digestive system (gastrointestinal)',
        conditionGroup: 'Issues with your gallbladder or pancreas',
        fileUrl: 'https://www.vba.va.gov/pubs/forms/VBA-21-0960G-2-ARE.pdf',
      },
      {
        dbqId: '21-0960C-1',
        title: "Parkinson's Disease",
        category: 'Digestive system (gastrointestinal)',
        conditionGroup: 'Parkinson’s disease symptoms',
        fileUrl: 'https://www.vba.va.gov/pubs/forms/VBA-21-0960c-1-ARE.pdf',
      },
    ]);
  });

  it('names each bundled DBQ by the number in its PDF address (the page swaps F-1 and F-2 in its number column)', () => {
    const byId = new Map(bundled.map((e) => [e.dbqId, e.title]));
    expect(byId.get('21-0960F-1')).toBe('Scars/Disfigurement');
    expect(byId.get('21-0960F-2')).toBe('Skin Diseases');
    expect(byId.get('21-0960M-15')).toBe('Temporomandibular Joint (TMJ) Conditions');
    expect(new Set(bundled.map((e) => e.dbqId)).size).toBe(67);
  });

  it('reads back every bundled DBQ from the page source and from the HTML built from it', () => {
    expect(bundled).toHaveLength(67);
    const sorted = (entries: ReturnType<typeof parseDbqPage>) => [...entries].sort((a, b) => a.dbqId.localeCompare(b.dbqId));
    expect(sorted(parseDbqPage(dbqMarkdownPage(bundled)))).toEqual(sorted(bundled));
    expect(sorted(parseDbqPage(dbqHtmlPage(bundled)))).toEqual(sorted(bundled));
  });

  it('reads the newer accordion items and resolves links against the page address', () => {
    const parsed = parseDbqPage(dbqWebComponentPage(bundled.slice(0, 3)), 'https://www.vba.va.gov/dbq');
    expect(parsed).toEqual(bundled.slice(0, 3));
  });

  it('ignores links that are not DBQs, counts a form listed twice once, and finds nothing on an unrelated page', () => {
    const twice = dbqMarkdownPage([bundled[0]!, { ...bundled[0]!, title: 'Again' }]);
    expect(parseDbqPage(twice)).toEqual([bundled[0]]);
    expect(
      parseDbqPage('<html><body><h2>Forms</h2><a href="https://www.vba.va.gov/pubs/forms/VBA-21-526EZ-ARE.pdf">526EZ</a></body></html>'),
    ).toEqual([]);
  });
});
