import {
  COMPLEX_CLASSES,
  CONSTRUCTION_STAGES,
  FINISH_OPTIONS,
  PARKING_OPTIONS,
  WALL_MATERIALS,
} from '@estate/events/catalogue/newBuildings';
import type { ResidentialComplexDocument } from '@estate/projections/newBuildings/document';
import type { ResidentialComplexDto } from './dto';
import { deadlineText } from './options';

const nameIn = (names: Record<number, string>, code: number) => names[code] ?? null;

/** A residential complex as the new-builds pages show it: codes with their Russian names beside them. */
export function toResidentialComplexDto(doc: ResidentialComplexDocument): ResidentialComplexDto {
  return {
    id: doc._id,
    name: doc.name,
    developer: doc.developer,
    description: doc.description,
    locationId: doc.locationId,
    locationName: doc.locationName,
    address: doc.address,
    class: doc.class,
    className: nameIn(COMPLEX_CLASSES, doc.class),
    stage: doc.stage,
    stageName: nameIn(CONSTRUCTION_STAGES, doc.stage),
    deadline: doc.deadline,
    deadlineText: deadlineText(doc.deadline, doc.stage),
    wallMaterial: doc.wallMaterial,
    wallMaterialName: nameIn(WALL_MATERIALS, doc.wallMaterial),
    finish: doc.finish,
    finishName: nameIn(FINISH_OPTIONS, doc.finish),
    parking: doc.parking,
    parkingName: nameIn(PARKING_OPTIONS, doc.parking),
    floorsCount: doc.floorsCount,
    priceFrom: doc.priceFrom,
    images: doc.images,
    updatedAt: doc.updatedAt,
  };
}
