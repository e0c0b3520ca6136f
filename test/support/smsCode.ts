import type { Page } from 'playwright-core';

/** The newest code the server's development outbox holds for a phone, as the person would read it on their phone. */
export async function outboxCode(baseUrl: string, phone: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${baseUrl}/api/dev/sms?phone=${phone}`);
    const { data } = (await response.json()) as { data: { text: string }[] };
    const code = /\b(\d{4})\b/.exec(data[0]?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code for ${phone}`);
}

/** Types a code into the four digit fields, as a person does. */
export async function typeCode(page: Page, code: string) {
  await page.getByLabel('Цифра 1').click();
  await page.keyboard.type(code, { delay: 30 });
}
