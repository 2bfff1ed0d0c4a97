mod trf;
