/**
 * JSON schemas of the grading answers read most (GET /api/my/card-gradings and
 * /api/card-gradings/:id): Fastify compiles each into a serializer (fast-json-stringify), faster
 * than JSON.stringify, and a field missing here never leaves the server. Every field of
 * CardGrading and GradingListItem (shared/src) must be named; gradings.test.ts checks the answers
 * against the presenters'.
 */
const text = { type: 'string' } as const;
const optionalText = { type: ['string', 'null'] } as const;
const optionalGrade = { type: ['integer', 'null'] } as const;
/** Free-form JSON (a draft's refusal): written as JSON.stringify writes it. The report is added as text (one-grading.ts). */
const anyJson = {} as const;

const cardFields = {
  id: { type: 'integer' },
  cardName: optionalText,
  cardSet: optionalText,
  cardNumber: optionalText,
  gameBrand: optionalText,
  year: optionalText,
  frontImagePath: text,
  backImagePath: text,
  frontThumbPath: optionalText,
  cornerGrade: optionalGrade,
  edgeGrade: optionalGrade,
  surfaceGrade: optionalGrade,
  centeringGrade: optionalGrade,
  overallGrade: optionalGrade,
  gradingMethod: optionalText,
  gradedAt: optionalText,
  createdAt: text,
  rejection: anyJson,
} as const;

export const gradingListPageSchema = {
  type: 'object',
  properties: {
    items: { type: 'array', items: { type: 'object', properties: cardFields } },
    nextCursor: optionalText,
  },
} as const;

export const gradingSchema = {
  type: 'object',
  properties: {
    ...cardFields,
    userId: { type: 'integer' },
    ownerName: text,
    notes: optionalText,
    mlPowered: { type: 'integer' },
    shared: { type: 'boolean' },
    sharedAt: optionalText,
    annotatedFrontPath: optionalText,
    annotatedBackPath: optionalText,
    certificateNumber: optionalText,
    centeringSetByOwner: { type: 'boolean' },
    certificatePhotoShown: { type: 'boolean' },
    correction: {
      type: ['object', 'null'],
      properties: { at: text, notes: optionalText },
    },
  },
} as const;
