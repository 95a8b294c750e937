import { fetchVaForms } from './vaFormsApi';

/**
 * Contract test against the real VA Forms API. It runs only when VA_FORMS_API_URL and VA_API_KEY
 * are set (e.g. https://sandbox-api.va.gov/services/va_forms/v0/forms): this machine has no network.
 */
const url = process.env.VA_FORMS_API_URL;
const apiKey = process.env.VA_API_KEY;
const describeLive = url && apiKey ? describe : describe.skip;

describeLive('VA Forms API (live)', () => {
  it('lists the disability claim form in the format the app reads', async () => {
    const forms = await fetchVaForms({ url: url!, apiKey: apiKey! });
    const claim = forms.find((f) => f.attributes.form_name === '21-526EZ');
    expect(claim).toBeDefined();
    expect(claim!.attributes).toMatchObject({
      title: expect.any(String),
      url: expect.stringMatching(/^https:\/\//),
      valid_pdf: expect.any(Boolean),
    });
    expect(claim!.attributes.last_revision_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }, 60_000);
});
